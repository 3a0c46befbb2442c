#!/usr/bin/env python3
"""Instruction counts of the release `crm` on a generated vault, under callgrind: a figure that
does not depend on how loaded the machine is, unlike `run.py`'s times.

Usage:
    swift build -c release
    python3 Benchmarks/instructions.py                                   # 2,000 hand-written people
    python3 Benchmarks/instructions.py --people 10000 --style generated  # a row of run.py's tables
    python3 Benchmarks/instructions.py --commands "warm list,warm show (name)"

Needs valgrind. Each figure is the `Collected` total of `valgrind --tool=callgrind` (every
thread's instructions, user space only) for one run of the command. "Warm" runs come after one
unmeasured run of the same command under callgrind (of `list` for `add`): the facts cache is keyed to the executable
that wrote it, and under valgrind that is valgrind's own, so a cache warmed outside callgrind
would not be used. "Cold" runs start with `.crm/cache/` removed; "cold, cache not written" also
makes `.crm/cache` a file so that no cache can be written: the difference between the two is what
writing the cache costs a first run. Vaults are generated once under
$TMPDIR/crm-instruction-vaults (deterministic; delete the folder to regenerate them).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
GENERATOR = os.path.join(HERE, "generate_vault.py")

# (label, arguments, exit codes that are answers, how the vault is prepared)
COMMANDS = [
    ("--version", ["--version"], {0}, "warm"),
    ("cold list", ["list"], {0}, "cold"),
    ("cold list, cache not written", ["list"], {0}, "unwritable"),
    ("cold list --json", ["list", "--json"], {0}, "cold"),
    ("cold due", ["due"], {0}, "cold"),
    ("cold check", ["check"], {0, 1}, "cold"),
    ("cold show (name)", ["show", "NAME"], {0}, "cold"),
    ("warm list", ["list"], {0}, "warm"),
    ("warm list --json", ["list", "--json"], {0}, "warm"),
    ("warm due", ["due"], {0}, "warm"),
    ("warm agenda", ["agenda"], {0}, "warm"),
    ("warm birthdays", ["birthdays"], {0}, "warm"),
    ("warm check", ["check"], {0, 1}, "warm"),
    ("warm summary", ["summary"], {0}, "warm"),
    ("warm index --check", ["index", "--check"], {0, 1}, "warm"),
    ("warm show (id)", ["show", "person-000001"], {0}, "warm"),
    ("warm show (name)", ["show", "NAME"], {0}, "warm"),
    ("warm add", ["add", "Benchmark Person"], {0}, "warm"),
    # Finding a person by name alone: `show` also reads every file's links (who they appear with).
    ("warm edit (name)", ["edit", "NAME"], {0}, "warm"),
    # A first run of `log` by name (the person's file is put back afterwards).
    ("cold log (name)", ["log", "NAME", "Benchmark", "entry"], {0}, "cold"),
]


def callgrind(argv, ok, env):
    """Instructions of one run of argv under callgrind."""
    proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + argv,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, text=True)
    if proc.returncode not in ok:
        sys.exit(f"{' '.join(argv)} exited with {proc.returncode}:\n{proc.stderr[-2000:]}")
    found = re.search(r"Collected : (\d+)", proc.stderr)
    if not found:
        sys.exit(f"no instruction count from callgrind for {' '.join(argv)}:\n{proc.stderr[-2000:]}")
    return int(found.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--people", type=int, default=2000)
    ap.add_argument("--entries", type=int, default=20)
    ap.add_argument("--style", default="hand", choices=["generated", "hand"])
    ap.add_argument("--crm", default=os.path.join(HERE, "..", ".build", "release", "crm"))
    ap.add_argument("--commands", help="a comma-separated subset of the labels (default: all)")
    args = ap.parse_args()
    if args.people < 1000:
        sys.exit("people start at 1,000: `show` by name shows person 999")
    crm = os.path.abspath(args.crm)
    wanted = args.commands.split(",") if args.commands else [c[0] for c in COMMANDS]
    unknown = set(wanted) - {c[0] for c in COMMANDS}
    if unknown:
        sys.exit(f"unknown commands: {', '.join(sorted(unknown))}")
    env = dict(os.environ, CRM_TODAY="2026-11-29", NO_COLOR="1", EDITOR="true", VISUAL="")   # `edit` changes nothing
    env.pop("CRM_VAULT", None)

    vault = os.path.join(tempfile.gettempdir(), "crm-instruction-vaults", f"{args.style}-{args.people}x{args.entries}")
    people = os.path.join(vault, "people")
    if not os.path.isdir(people):
        print(f"generating {os.path.basename(vault)} …", file=sys.stderr)
        subprocess.run([sys.executable, GENERATOR, vault, "--people", str(args.people), "--entries", str(args.entries),
                        "--style", args.style], check=True)
    with open(os.path.join(people, "person-000999.md")) as f:
        name = next(line[6:].strip() for line in f if line.startswith("name: "))
    cache = os.path.join(vault, ".crm", "cache")

    def drop_cache():
        if os.path.isdir(cache):
            shutil.rmtree(cache)
        elif os.path.exists(cache):
            os.remove(cache)

    def remove_added():
        for file in os.listdir(people):
            if file.startswith("benchmark-person"):
                os.remove(os.path.join(people, file))

    def restore(path, data):
        with open(path, "wb") as f:
            f.write(data)

    def settle():
        time.sleep(2.5)   # crm caches only files (and folders) unchanged for 2 s

    remove_added()
    settle()
    print(f"Instructions of `crm` ({crm}) on {args.people:,} {args.style} people, {args.entries} entries each "
          f"(`python3 Benchmarks/instructions.py --people {args.people} --entries {args.entries} --style {args.style}`)\n")
    print("| command | instructions |\n|---|---|")
    for label, argv, ok, state in COMMANDS:
        if label not in wanted:
            continue
        argv = [crm, "--vault", vault] + [name if a == "NAME" else a for a in argv]
        logged = os.path.join(people, "person-000999.md")
        with open(logged, "rb") as f:
            before = f.read()
        if state == "warm":
            # The command itself warms the cache (`add` would add someone: `list` does it instead).
            callgrind(argv if "add" not in argv else [crm, "--vault", vault, "list"], ok, env)
        else:
            drop_cache()
            if state == "unwritable":
                open(cache, "w").close()
        count = callgrind(argv, ok, env)
        if "add" in argv:
            remove_added()
            settle()
        if "log" in argv:
            restore(logged, before)
            settle()
        print(f"| {label} | {count / 1e6:.1f} M |", flush=True)
    drop_cache()
    remove_added()


if __name__ == "__main__":
    main()
