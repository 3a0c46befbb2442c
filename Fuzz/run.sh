#!/usr/bin/env bash
# Builds a fuzzer with libFuzzer and AddressSanitizer and runs it: the person-file reader and
# writer, or with `lsp` first, `crm lsp`'s framing and request decoder.
#   Fuzz/run.sh            # 60 seconds from a random seed
#   Fuzz/run.sh 3600       # an hour; crashes are written to Fuzz/findings/
#   Fuzz/run.sh --ci       # what CI runs: a fixed seed and a fixed number of runs (about a
#                          # minute), so that CI's result is the same on every run of a commit
#   Fuzz/run.sh lsp [--ci | SECONDS]   # the same for the language server's input
set -euo pipefail
cd "$(dirname "$0")/.."
target=person-file
if [ "${1:-}" = "lsp" ]; then target=language-server; shift; fi
if [ "${1:-}" = "--ci" ]; then
    limits=(-seed=1 -runs=600000)
else
    limits=(-max_total_time="${1:-60}")
fi
out=.build/fuzz
mkdir -p "$out" Fuzz/findings
corpus="$out/corpus-$target"
[ "${1:-}" = "--ci" ] && rm -rf "$corpus"   # the same starting corpus on every CI run
mkdir -p "$corpus"
if [ "$target" = person-file ]; then
    sources=(Fuzz/PersonFileFuzzer.swift)
    cp Tests/CRMKitTests/Fixtures/people/*.md example-vault/people/*.md "$corpus"/ 2>/dev/null || true
else
    # The framing and the decoder need only the format library (JSON, reading a file descriptor).
    sources=(Sources/CRMLanguageServer/Transport.swift Sources/CRMLanguageServer/Message.swift Fuzz/LanguageServerFuzzer.swift)
    n=0
    for body in '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}' \
                '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///v/people/a.md","version":1,"text":"---\nname: A\n---\n"}}}' \
                '{"jsonrpc":"2.0","id":"x","result":null}' '[1,2.5e3,"\ud83c\udfbb",{"a":true}]'; do
        n=$((n + 1))
        printf 'Content-Length: %d\r\n\r\n%s' "${#body}" "$body" > "$corpus/frame-$n"
    done
fi
swiftc -swift-version 6 -sanitize=fuzzer,address -parse-as-library -O -g -module-name CRMFormat -package-name crm \
    $(find Sources/CRMFormat -name '*.swift' | sort) "${sources[@]}" -o "$out/$target-fuzzer"
# A crash is reported by libFuzzer itself; Swift's interactive backtracer would only hold it up.
export SWIFT_BACKTRACE=enable=no
"$out/$target-fuzzer" "$corpus" "${limits[@]}" -max_len=4096 -timeout=10 \
    -artifact_prefix=Fuzz/findings/ -print_final_stats=1 2>&1 | tail -25
