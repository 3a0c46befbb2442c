#!/usr/bin/env python3
"""`crm history --dry-run` on a generated SMS Backup & Restore `sms.xml`: the rate (MB/s) and the
peak memory, and, on a smaller file, the instructions under callgrind (which do not depend on load).

Usage:
    swift build -c release
    python3 Benchmarks/history.py                       # a 1 GB sms.xml, 2,000 people
    python3 Benchmarks/history.py --megabytes 100 --instructions-megabytes 10

The file is generated once under $TMPDIR/crm-history-bench (deterministic; delete the folder to
regenerate it): text messages (`<sms …/>` with a body of 20 to 400 characters, XML references
among them, every tenth over two lines) and one in twenty an MMS with its parts (base64 `data`)
and addresses, over five years: 95 % with 20 close contacts (15 of them people of the vault), the
rest with any of 3,000 numbers, 1,000 of which are people's (a `generate_vault.py` vault,
`--style generated`). The peak resident set comes
from `/usr/bin/time -v`; the rate is the file's size over the wall-clock time of the run.
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def generate_vault(folder, people):
    if not os.path.isdir(os.path.join(folder, "people")):
        subprocess.run([sys.executable, os.path.join(HERE, "generate_vault.py"), folder,
                        "--people", str(people), "--entries", "5", "--style", "generated"], check=True)
    numbers = []
    for name in sorted(os.listdir(os.path.join(folder, "people")))[:1000]:
        with open(os.path.join(folder, "people", name), encoding="utf-8") as f:
            match = re.search(r'^phone: "?(\+[0-9 ]+)', f.read(), re.M)
            if match:
                numbers.append(match.group(1).strip())
    return numbers


def generate_sms(path, megabytes, known):
    if os.path.exists(path) and os.path.getsize(path) >= megabytes * 1_000_000:
        return
    print(f"writing {path}", file=sys.stderr)
    rng = random.Random(34)
    strangers = [f"+44 7700 {rng.randint(100000, 999999)}" for _ in range(3000 - len(known))]
    numbers = known + strangers
    close = known[:15] + strangers[:5]
    words = ("see you at the station &amp; bring the &quot;big&quot; umbrella &lt;3 "
             "lunch tomorrow? running late, 10 min &#10;ok &#55357;&#56832; thanks").split(" ")
    start = 1_640_995_200_000  # 2022-01-01
    target = megabytes * 1_000_000
    written = 0
    count = 0
    with open(path + ".part", "w", encoding="utf-8") as f:
        head = ("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>\n"
                "<!--File Created By SMS Backup & Restore v10.20.002-->\n"
                "<?xml-stylesheet type=\"text/xsl\" href=\"sms.xsl\"?>\n<smses count=\"0\">\n")
        f.write(head)
        written += len(head)
        while written < target:
            date = start + count * 80_000 + rng.randint(0, 79_000)
            # Most messages are with a few people; the rest with anyone.
            number = close[rng.randrange(len(close))] if rng.random() < 0.95 else numbers[rng.randrange(len(numbers))]
            count += 1
            if count % 20 == 0:
                box = rng.choice((1, 2))
                other = numbers[rng.randrange(len(numbers))]
                data = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") for _ in range(600))
                element = (f'  <mms date="{date}" ct_t="application/vnd.wap.multipart.related" msg_box="{box}" '
                           f'address="{number}~{other}" contact_name="(Unknown)" read="1" sub_id="1">\n'
                           f'    <parts>\n      <part seq="0" ct="text/plain" name="null" chset="106" text="{" ".join(rng.choices(words, k=8))}" />\n'
                           f'      <part seq="1" ct="image/jpeg" name="IMG.jpg" data="{data}" />\n    </parts>\n'
                           f'    <addrs>\n      <addr address="{number if box == 1 else "+447700900000"}" type="137" charset="106" />\n'
                           f'      <addr address="{other if box == 2 else "+447700900000"}" type="151" charset="106" />\n'
                           f'    </addrs>\n  </mms>\n')
            else:
                body = " ".join(rng.choices(words, k=rng.randint(3, 60)))
                if count % 10 == 0:
                    body = body + "\n" + body
                element = (f'  <sms protocol="0" address="{number}" date="{date}" type="{rng.choice((1, 2))}" subject="null" '
                           f'body="{body}" toa="null" sc_toa="null" service_center="null" read="1" status="-1" locked="0" '
                           f'date_sent="0" sub_id="1" readable_date="" contact_name="(Unknown)" />\n')
            f.write(element)
            written += len(element.encode("utf-8"))
        f.write("</smses>\n")
    os.replace(path + ".part", path)


def timed(crm, vault, path):
    with tempfile.NamedTemporaryFile("r", suffix=".time") as report:
        began = time.monotonic()
        run = subprocess.run(["/usr/bin/time", "-v", "-o", report.name, crm, "--vault", vault, "history", path, "--dry-run"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        seconds = time.monotonic() - began
        if run.returncode != 0:
            sys.exit(f"crm history failed: {run.stderr[-2000:]}")
        rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", report.read()).group(1))
    return seconds, rss


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--crm", default=os.path.join(ROOT, ".build", "release", "crm"))
    ap.add_argument("--megabytes", type=int, default=1000)
    ap.add_argument("--instructions-megabytes", type=int, default=10, help="0: no callgrind run")
    ap.add_argument("--people", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    work = os.path.join(tempfile.gettempdir(), "crm-history-bench")
    os.makedirs(work, exist_ok=True)
    vault = os.path.join(work, f"vault-{args.people}")
    known = generate_vault(vault, args.people)
    path = os.path.join(work, f"sms-{args.megabytes}MB-v2.xml")
    generate_sms(path, args.megabytes, known)
    size = os.path.getsize(path)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")
    results = [timed(args.crm, vault, path) for _ in range(args.runs)]
    seconds = sorted(r[0] for r in results)[len(results) // 2]
    rss = max(r[1] for r in results)
    print(f"sms.xml {size / 1e6:.0f} MB: median {seconds:.2f} s of {args.runs} runs = {size / 1e6 / seconds:.0f} MB/s; "
          f"peak RSS {rss / 1024:.0f} MB")
    failed = rss > 100 * 1024 or size / 1e6 / seconds < 50
    if args.instructions_megabytes and shutil.which("valgrind"):
        small = os.path.join(work, f"sms-{args.instructions_megabytes}MB-v2.xml")
        generate_sms(small, args.instructions_megabytes, known)
        with tempfile.TemporaryDirectory() as out:
            run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}/cg",
                                  args.crm, "--vault", vault, "history", small, "--dry-run"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            collected = int(re.search(r"Collected : (\d+)", run.stderr).group(1))
        small_size = os.path.getsize(small)
        print(f"sms.xml {small_size / 1e6:.0f} MB under callgrind: {collected / 1e6:.0f} M instructions "
              f"= {collected / small_size:.1f} per byte")
    if failed:
        print("target missed: at least 50 MB/s, at most 100 MB peak RSS")
        sys.exit(1)


if __name__ == "__main__":
    main()
