#!/usr/bin/env python3
"""Whole-process benchmark of `crm` on generated vaults, against the `cat` floor and a
python-frontmatter peer, with the issue's targets checked in the same run.

Usage:
    swift build -c release        # builds crm and crm-bench
    python3 Benchmarks/run.py [--sizes 1000,10000,100000] [--runs 5] [--crm .build/release/crm]

Needs python-frontmatter for the peer (`pip install python-frontmatter`). Vaults are generated
once per size under $TMPDIR/crm-bench-vaults (deterministic; delete the folder to regenerate).
Times are medians of --runs warm runs; memory is the peak resident set of one run.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))

PEER = r'''
import frontmatter, os, re, sys
entry = re.compile(r"^[-*+] (?:\[\[)?(\d{4}-\d{2}-\d{2})", re.M)
rows = []
for root, _, files in os.walk(os.path.join(sys.argv[1], "people")):
    for name in files:
        if not name.endswith(".md"):
            continue
        post = frontmatter.load(os.path.join(root, name))
        dates = entry.findall(post.content)
        rows.append((max(dates) if dates else "", str(post.get("name", name))))
rows.sort(reverse=True)
for last, name in rows:
    print(f"{name}\t{last}")
'''


def run(argv, env=None, cwd=None):
    """Runs argv once; returns (seconds, peak KiB)."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=cwd)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"{' '.join(argv)} exited with {code}: a benchmark must time the command working")
    return elapsed, usage.ru_maxrss


def measure(argv, runs, env=None, cwd=None):
    run(argv, env, cwd)  # warm-up
    results = [run(argv, env, cwd) for _ in range(runs)]
    return statistics.median(r[0] for r in results), max(r[1] for r in results)


def vault_for(size, entries):
    base = os.path.join(tempfile.gettempdir(), "crm-bench-vaults", f"{size}x{entries}")
    if not os.path.isdir(os.path.join(base, "people")):
        print(f"generating {size} people …", file=sys.stderr)
        subprocess.run([sys.executable, os.path.join(HERE, "generate_vault.py"), base,
                        "--people", str(size), "--entries", str(entries)], check=True)
        time.sleep(2.5)   # crm caches only files unchanged for 2 s: let the warm-up run cache them all
    return base


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--entries", type=int, default=20)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--crm", default=os.path.join(HERE, "..", ".build", "release", "crm"))
    ap.add_argument("--no-peer", action="store_true", help="skip the python-frontmatter peer")
    ap.add_argument("--crm-bench", default=os.path.join(HERE, "..", ".build", "release", "crm-bench"),
                    help="the in-process parser benchmark (swift build -c release builds it)")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    if min(sizes) < 1000:
        sys.exit("sizes start at 1,000: `log` by name writes to person 999")
    crm = os.path.abspath(args.crm)
    env = dict(os.environ, CRM_TODAY="2026-11-29", NO_COLOR="1")
    env.pop("CRM_VAULT", None)

    commands = [
        ("list", ["list"]), ("due", ["due"]), ("check", ["check"]), ("search", ["search", "bread"]),
        ("summary", ["summary"]), ("index", ["index"]), ("show (id)", ["show", "person-000001"]),
        ("log (id)", ["log", "person-000001", "Benchmark entry."]),
        ("log (name)", ["log", "Frances Johnson 999", "Benchmark entry."]),
    ]
    # The files `log` writes to, put back after each size so that the vaults stay as generated.
    logged = ["person-000001.md", "person-000999.md"]
    table = {}
    memory = {}
    for size in sizes:
        vault = vault_for(size, args.entries)
        files = []
        for root, _, names in os.walk(os.path.join(vault, "people")):
            files += [os.path.join(root, n) for n in names if n.endswith(".md")]
        files.sort()
        list_file = os.path.join(vault, ".crm", "files.txt")
        with open(list_file, "w") as f:
            f.write("\0".join(files))
        table[("cat floor", size)], _ = measure(["sh", "-c", f"xargs -0 cat < '{list_file}' > /dev/null"], args.runs)
        if not args.no_peer and size <= 10000:
            peer = os.path.join(vault, ".crm", "peer.py")
            with open(peer, "w") as f:
                f.write(PEER)
            table[("python-frontmatter list", size)], _ = measure([sys.executable, peer, vault], max(1, args.runs // 2))
        originals = {}
        for name in logged:
            with open(os.path.join(vault, "people", name), "rb") as f:
                originals[name] = f.read()
        try:
            for label, argv in commands:
                seconds, peak = measure([crm, "--vault", vault] + argv, args.runs, env)
                table[(label, size)] = seconds
                memory[(label, size)] = peak
        finally:
            for name, data in originals.items():
                with open(os.path.join(vault, "people", name), "wb") as f:
                    f.write(data)
        table[("crm --version", size)], _ = measure([crm, "--version"], args.runs, env)

    labels = ["cat floor", "python-frontmatter list"] + [c[0] for c in commands] + ["crm --version"]
    print("| command | " + " | ".join(f"{s:,} people" for s in sizes) + " | peak memory (largest) |")
    print("|---|" + "---|" * len(sizes) + "---|")
    for label in labels:
        cells = [f"{table[(label, s)] * 1000:.0f} ms" if (label, s) in table else "—" for s in sizes]
        peak = memory.get((label, sizes[-1]))
        print(f"| {label} | " + " | ".join(cells) + f" | {peak / 1024:.0f} MB |" if peak else f"| {label} | " + " | ".join(cells) + " | — |")

    print()
    ten = 10000 if 10000 in sizes else sizes[-1]
    checks = []
    floor = table[("cat floor", ten)]
    for label in ("list", "due", "check"):
        ratio = table[(label, ten)] / floor
        checks.append((f"{label} on {ten:,}: {ratio:.2f} x cat floor (target <= 0.75)", ratio <= 0.75))
        if ("python-frontmatter list", ten) in table:
            speedup = table[("python-frontmatter list", ten)] / table[(label, ten)]
            checks.append((f"{label} on {ten:,}: {speedup:.1f}x faster than python-frontmatter (target >= 10)", speedup >= 10))
    version = table[("crm --version", ten)]
    for label in ("show (id)", "log (id)"):
        ratio = table[(label, ten)] / version
        checks.append((f"{label} on {ten:,}: {ratio:.1f} x crm --version (target <= 3)", ratio <= 3))
    if 100000 in sizes and 10000 in sizes:
        for label in ("list", "due", "check"):
            ratio = table[(label, 100000)] / table[(label, 10000)]
            checks.append((f"{label}: 100,000 / 10,000 = {ratio:.1f} (target <= 11)", ratio <= 11))
            peak = memory[(label, 100000)] / 1024
            checks.append((f"{label} on 100,000: peak {peak:.0f} MB (target <= 150)", peak <= 150))
    # The person-file parser alone, in process, one core.
    bench = subprocess.run([os.path.abspath(args.crm_bench), vault_for(ten, args.entries), "--runs", "7"],
                           capture_output=True, text=True, check=True).stdout.strip()
    print(f"parser: {bench}")
    throughput = float(bench.split("throughput=")[1].split()[0])
    checks.append((f"parser alone: {throughput:.0f} MB/s on one core (target >= 300)", throughput >= 300))
    for text, ok in checks:
        print(("PASS " if ok else "FAIL ") + text)


if __name__ == "__main__":
    main()
