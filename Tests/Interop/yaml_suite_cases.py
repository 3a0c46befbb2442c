#!/usr/bin/env python3
"""Copies the yaml-test-suite cases that front matter can hold into a folder: how the
`yaml-test-suite/` folder of the public suites folder is made (see Tests/README.md).

Usage: python3 Tests/Interop/yaml_suite_cases.py CHECKOUT OUT
  CHECKOUT  a checkout of the suite's `data` branch (github.com/yaml/yaml-test-suite)
  OUT       the folder to write the cases into (copy the suite's `License` beside them)

A case is kept when its input is one document that can stand between front matter's `---` lines
(no `---`, `...` or `%` line after an optional bare `---` first line, which is dropped; UTF-8,
no CR, no BOM) and either
  - the suite marks it as an error (`error` file), or
  - its one document is a block mapping (events `+DOC`, `+MAP` without `{}`, ..., `-MAP`).
Each kept case becomes `ID/in.yaml` plus `ID/in.json` or `ID/error`, and `ID/===` (its title).
"""
import os
import shutil
import sys


def main(root, out):
    kept = 0
    for dirpath, _dirs, files in sorted(os.walk(root)):
        if "in.yaml" not in files:
            continue
        case = os.path.relpath(dirpath, root)
        try:
            text = open(os.path.join(dirpath, "in.yaml"), "rb").read().decode("utf-8")
        except UnicodeDecodeError:
            continue
        lines = text.split("\n")
        if lines and lines[0].rstrip(" ") == "---":
            lines = lines[1:]
            text = "\n".join(lines)
        if any(l.startswith(("---", "...", "%")) for l in lines) or "\r" in text or "\ufeff" in text:
            continue
        error = "error" in files
        if not error:
            events = [e for e in open(os.path.join(dirpath, "test.event")).read().split("\n") if e]
            if (len(events) < 5 or not events[1].startswith("+DOC") or events[2] != "+MAP"
                    or events[-3] != "-MAP" or events.count("+DOC") + events.count("+DOC ---") != 1
                    or "in.json" not in files):
                continue
        target = os.path.join(out, case)
        os.makedirs(target, exist_ok=True)
        with open(os.path.join(target, "in.yaml"), "w", encoding="utf-8", newline="") as f:
            f.write(text)
        for name in ("error", "in.json", "==="):
            if name in files:
                shutil.copyfile(os.path.join(dirpath, name), os.path.join(target, name))
        kept += 1
    print(f"{kept} cases")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python3 Tests/Interop/yaml_suite_cases.py CHECKOUT OUT")
    main(sys.argv[1], sys.argv[2])
