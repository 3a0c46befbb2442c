#!/usr/bin/env bash
# Builds the person-file fuzzer with libFuzzer and AddressSanitizer and runs it.
#   Fuzz/run.sh            # 60 seconds from a random seed
#   Fuzz/run.sh 3600       # an hour; crashes are written to Fuzz/findings/
#   Fuzz/run.sh --ci       # what CI runs: a fixed seed and a fixed number of runs (about a
#                          # minute), so that CI's result is the same on every run of a commit
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--ci" ]; then
    limits=(-seed=1 -runs=600000)
else
    limits=(-max_total_time="${1:-60}")
fi
out=.build/fuzz
mkdir -p "$out" Fuzz/findings
swiftc -swift-version 6 -sanitize=fuzzer,address -parse-as-library -O -g -module-name CRMFormat -package-name crm \
    $(find Sources/CRMFormat -name '*.swift' | sort) Fuzz/PersonFileFuzzer.swift -o "$out/person-file-fuzzer"
# A crash is reported by libFuzzer itself; Swift's interactive backtracer would only hold it up.
export SWIFT_BACKTRACE=enable=no
corpus="$out/corpus"
[ "${1:-}" = "--ci" ] && rm -rf "$corpus"   # the same starting corpus on every CI run
mkdir -p "$corpus"
cp Tests/CRMKitTests/Fixtures/people/*.md example-vault/people/*.md "$corpus"/ 2>/dev/null || true
"$out/person-file-fuzzer" "$corpus" "${limits[@]}" -max_len=4096 -timeout=10 \
    -artifact_prefix=Fuzz/findings/ -print_final_stats=1 2>&1 | tail -25
