#!/usr/bin/env python3
"""Speed of `crm lsp` at 10,000 people: what an editor waits for, timed, with instruction counts
beside (callgrind) and the server's peak resident memory; the issue's limits checked in the same
run (exits 1 when one is missed).

Usage:
    swift build -c release
    python3 Benchmarks/lsp.py                        # 10,000 generated people, times and instructions
    python3 Benchmarks/lsp.py --people 2000 --no-instructions --runs 5   # a quick look

The vault is `generate_vault.py --people N --entries 20` (under $TMPDIR/crm-bench-vaults, made
once, deterministic), and then: person 998's log is 200 entries long (the file typed in), and the
notes of 500 other people link person 1 (the person renamed). A small client written here (no
package) speaks to the server over pipes, as an editor does, one message at a time:

- initialize → first diagnostics: from starting `crm lsp` to the first `publishDiagnostics` of
  a person file opened after `initialized` (a new server each run; the facts cache warm). Beside
  it, a warm `crm check` (the whole vault: `check` takes no file).
- keystroke: one character typed in the notes of the 200-entry file, to its new diagnostics.
- completion: after `[[` typed in that file, to the answer (the first 50 people, marked
  incomplete); then after `[[lov` (every person's keys searched; about 1 in 20 generated names
  has a word starting with it).
- hover: on a link to person 1, to the card.
- rename: person 1, linked from 500 files, to the `WorkspaceEdit` (when the server offers rename).
- memory: the server's peak resident set (`ru_maxrss`) after all of the above.

Times: an action's first run is shown apart (it may build what the next runs reuse), and the
median is of the --runs runs after it. Instructions are callgrind's `Collected` (every thread, user
space) for whole sessions of the server, `SWIFT_DETERMINISTIC_HASHING=1`: the start row is a
session that opens the file, gets its first diagnostics and shuts down; an action's first run is
(a session doing it once − a session doing nothing), each next run (a session doing it 1 + K
times − a session doing it once) / K, so process start, `initialize` and the first read of the
vault cancel out.
"""
import argparse
import json
import os
import queue
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
GENERATOR = os.path.join(HERE, "generate_vault.py")
TODAY = "2026-11-29"
TYPED = "people/person-000998.md"   # the 200-entry file
TYPED_QUERY = "lov"                  # completed after `[[`: starts a word of about 1 in 20 generated names
RENAMED = "people/person-000001.md"  # linked from 500 files
LINKERS = 500

# The limits, in ms (memory in MB); initialize's is a warm check's time + 50 ms.
LIMITS = {"keystroke": 20, "completion": 50, "completion typed": 50, "hover": 20, "rename": 1000, "memory": 150}

CAPABILITIES = {
    "general": {"positionEncodings": ["utf-16"]},
    "textDocument": {
        "synchronization": {"didSave": True},
        "publishDiagnostics": {"relatedInformation": True, "versionSupport": True},
        "completion": {"completionItem": {"snippetSupport": False}},
        "hover": {"contentFormat": ["markdown", "plaintext"]},
        "documentSymbol": {"hierarchicalDocumentSymbolSupport": True},
        "rename": {"prepareSupport": True},
    },
    "workspace": {"workspaceEdit": {"documentChanges": True, "resourceOperations": ["create", "rename", "delete"]},
                  "workspaceFolders": True},
}


class Server:
    """`crm lsp` (or it under valgrind) on pipes; a thread reads its messages as they arrive."""

    def __init__(self, argv, env):
        self.start = time.perf_counter()
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self.inbox = queue.Queue()
        self.next_id = 0
        self.stderr = b""
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.inbox.put((time.perf_counter(), None))
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.lower() == b"content-length":
                    length = int(value)
            message = json.loads(out.read(length))
            self.inbox.put((time.perf_counter(), message))

    def _read_stderr(self):
        self.stderr = self.proc.stderr.read()

    def send(self, message):
        body = json.dumps(dict(jsonrpc="2.0", **message)).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def notify(self, method, params):
        self.send({"method": method, "params": params})

    def request(self, method, params):
        """Sends a request; returns its id."""
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        return self.next_id

    def wait(self, accept, timeout):
        """The first message ACCEPT takes (answering the server's own requests meanwhile), and when it came."""
        deadline = time.perf_counter() + timeout
        while True:
            try:
                at, message = self.inbox.get(timeout=max(0.0, deadline - time.perf_counter()))
            except queue.Empty:
                sys.exit(f"crm lsp did not answer within {timeout} s")
            if message is None:
                sys.exit(f"crm lsp ended early:\n{self.stderr.decode(errors='replace')[-2000:]}")
            if "error" in message:
                sys.exit(f"crm lsp answered an error: {message['error']}")
            if "method" in message and "id" in message:   # a request of the server's (registerCapability)
                self.send({"id": message["id"], "result": None})
                continue
            if accept(message):
                return at, message

    def answer(self, id, timeout):
        return self.wait(lambda m: m.get("id") == id and "method" not in m, timeout)

    def diagnostics(self, uri, version, timeout):
        return self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                         and m["params"]["uri"] == uri and m["params"].get("version", version) == version, timeout)

    def finish(self, timeout):
        """shutdown and exit; returns the peak resident set in KiB."""
        self.answer(self.request("shutdown", None), timeout)
        self.notify("exit", None)
        self.proc.stdin.close()
        _, status, usage = os.wait4(self.proc.pid, 0)
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            sys.exit(f"crm lsp exited with {code} after shutdown and exit")
        time.sleep(0.05)   # the stderr thread has read the last of it
        return usage.ru_maxrss


class Session:
    """One server on the vault: initialize, open the typed file, first diagnostics."""

    def __init__(self, argv, env, vault, timeout):
        self.vault, self.timeout = vault, timeout
        self.server = Server(argv, env)
        root = "file://" + vault
        init = self.server.request("initialize", {"processId": os.getpid(), "rootUri": root, "capabilities": CAPABILITIES,
                                                  "workspaceFolders": [{"uri": root, "name": "vault"}]})
        _, answer = self.server.answer(init, timeout)
        self.capabilities = answer["result"]["capabilities"]
        self.server.notify("initialized", {})
        self.uri = root + "/" + TYPED
        with open(os.path.join(vault, TYPED), encoding="utf-8") as f:
            self.lines = f.read().split("\n")
        self.version = 1
        self.server.notify("textDocument/didOpen", {"textDocument": {"uri": self.uri, "languageId": "markdown",
                                                                     "version": 1, "text": "\n".join(self.lines)}})
        at, _ = self.server.diagnostics(self.uri, 1, timeout)
        self.first_diagnostics = at - self.server.start
        # The notes line typing goes to: the first line after the front matter.
        self.notes_line = self.lines.index("---", 1) + 2
        self.link_line = next(i for i, line in enumerate(self.lines) if "[[person-000001|" in line)

    def type(self, text):
        """Types TEXT at the end of the notes line; returns when its diagnostics came, from the change sent."""
        line = self.lines[self.notes_line]
        at = {"line": self.notes_line, "character": utf16(line)}
        self.lines[self.notes_line] = line + text
        self.version += 1
        sent = time.perf_counter()
        self.server.notify("textDocument/didChange", {"textDocument": {"uri": self.uri, "version": self.version},
                                                      "contentChanges": [{"range": {"start": at, "end": at}, "text": text}]})
        received, _ = self.server.diagnostics(self.uri, self.version, self.timeout)
        return received - sent

    def ask(self, method, params):
        sent = time.perf_counter()
        received, message = self.server.answer(self.server.request(method, params), self.timeout)
        return received - sent, message["result"]

    def complete(self):
        line = self.lines[self.notes_line]
        assert "[[" in line, line
        elapsed, result = self.ask("textDocument/completion", {"textDocument": {"uri": self.uri},
                                                                "position": {"line": self.notes_line, "character": utf16(line)}})
        items = result["items"] if isinstance(result, dict) else result
        if not items:
            sys.exit("no completion after [[")
        return elapsed, result

    def link_position(self):
        line = self.lines[self.link_line]
        return {"line": self.link_line, "character": utf16(line[:line.index("[[person-000001|") + 4])}

    def hover(self):
        elapsed, result = self.ask("textDocument/hover", {"textDocument": {"uri": self.uri}, "position": self.link_position()})
        if not result:
            sys.exit("no hover on the link")
        return elapsed, result

    def rename(self):
        elapsed, result = self.ask("textDocument/rename", {"textDocument": {"uri": self.uri}, "position": self.link_position(),
                                                           "newName": "Benchmark Renamed"})
        if not result:
            sys.exit("no edit for the rename")
        return elapsed, result

    def finish(self):
        return self.server.finish(self.timeout)


def utf16(text):
    return len(text.encode("utf-16-le")) // 2


def prepare(people):
    """The benchmark's vault: generated people, person 998 with 200 entries, 500 links to person 1."""
    vault = os.path.join(tempfile.gettempdir(), "crm-bench-vaults", f"lsp-generated-{people}x20")
    if os.path.isdir(os.path.join(vault, "people")):
        return vault
    print(f"generating {os.path.basename(vault)} …", file=sys.stderr)
    partial = vault + ".partial"
    shutil.rmtree(partial, ignore_errors=True)
    subprocess.run([sys.executable, GENERATOR, partial, "--people", str(people), "--entries", "20"], check=True)
    subprocess.run([sys.executable, GENERATOR, partial + "-200", "--people", "1", "--entries", "200"],
                             check=True)
    with open(os.path.join(partial + "-200", "people", "person-000000.md"), encoding="utf-8") as f:
        long_log = f.read().split("## Interactions\n", 1)[1]
    shutil.rmtree(partial + "-200")
    typed = os.path.join(partial, TYPED)
    with open(typed, encoding="utf-8") as f:
        head = f.read().split("## Interactions\n", 1)[0]
    with open(os.path.join(partial, RENAMED), encoding="utf-8") as f:
        name = next(line[6:].strip() for line in f if line.startswith("name: "))
    link = f"Introduced by [[person-000001|{name}]]."
    with open(typed, "w", encoding="utf-8") as f:
        f.write(head.replace("\n---\n\n", f"\n---\n\n{link}\n\n", 1) + "## Interactions\n" + long_log)
    step = max(1, (people - 10) // LINKERS)
    linkers = [i for i in range(10, people, step) if i != 998][:LINKERS - 1]
    for i in linkers:
        path = os.path.join(partial, "people", f"person-{i:06d}.md")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(text.replace("\n---\n\n", f"\n---\n\n{link}\n\n", 1))
    os.rename(partial, vault)
    time.sleep(2.5)   # crm caches only files unchanged for 2 s
    return vault


def callgrind_count(stderr):
    found = re.search(rb"Collected : (\d+)", stderr)
    if not found:
        sys.exit(f"no instruction count from callgrind:\n{stderr.decode(errors='replace')[-2000:]}")
    return int(found.group(1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--people", type=int, default=10000)
    ap.add_argument("--runs", type=int, default=11)
    ap.add_argument("--repeat", type=int, default=10, help="actions per session counted under callgrind")
    ap.add_argument("--crm", default=os.path.join(HERE, "..", ".build", "release", "crm"))
    ap.add_argument("--no-instructions", action="store_true", help="times and memory only (no valgrind)")
    args = ap.parse_args()
    if args.people < 1000:
        sys.exit("people start at 1,000: person 998 is the file typed in")
    crm = os.path.abspath(args.crm)
    vault = prepare(args.people)
    env = dict(os.environ, CRM_TODAY=TODAY, NO_COLOR="1")
    env.pop("CRM_VAULT", None)
    lsp = [crm, "lsp"]
    timeout = 60

    def warm_check():
        start = time.perf_counter()
        proc = subprocess.run([crm, "--vault", vault, "check"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        if proc.returncode not in (0, 1):
            sys.exit(f"crm check exited with {proc.returncode}")
        return time.perf_counter() - start

    warm_check()   # the facts cache is written
    time.sleep(2.5)
    warm_check()

    # Times: one server per initialize; one long session for the rest. Each action's first run
    # is kept apart (it may build what the next ones reuse); the median is of the runs after it.
    starts, checks = [], []
    for run in range(args.runs + 1):
        checks.append(warm_check())
        session = Session(lsp, env, vault, timeout)
        starts.append(session.first_diagnostics)
        session.finish()
    starts, checks = starts[1:], checks[1:]

    session = Session(lsp, env, vault, timeout)
    offers_rename = bool(session.capabilities.get("renameProvider"))
    times = {}
    times["keystroke"] = [session.type("a") for _ in range(args.runs + 1)]
    session.type(" [[")
    completions = [session.complete() for _ in range(args.runs + 1)]
    times["completion"] = [elapsed for elapsed, _ in completions]
    session.type(TYPED_QUERY)
    typed_completions = [session.complete() for _ in range(args.runs + 1)]
    times["completion typed"] = [elapsed for elapsed, _ in typed_completions]
    times["hover"] = [session.hover()[0] for _ in range(args.runs + 1)]
    renames = [session.rename() for _ in range(min(args.runs, 5) + 1)] if offers_rename else []
    times["rename"] = [elapsed for elapsed, _ in renames]
    peak = session.finish()

    def listed(completed):
        items = completed["items"] if isinstance(completed, dict) else completed
        incomplete = isinstance(completed, dict) and completed.get("isIncomplete")
        return f"{len(items)} items{', incomplete' if incomplete else ''}"
    edited = 0
    if renames:
        edit = renames[-1][1]
        for change in edit.get("documentChanges", []):
            edited += len(change.get("edits", []))
        for changes in edit.get("changes", {}).values():
            edited += len(changes)

    # Instructions: sessions under callgrind. An action's first run is (a session doing it once −
    # a session doing nothing); each next run is (a session doing it 1 + K times − once) / K.
    first_counts, next_counts = {}, {}
    if not args.no_instructions:
        if not shutil.which("valgrind"):
            sys.exit("valgrind is needed for the instruction counts (or --no-instructions)")
        cenv = dict(env, SWIFT_DETERMINISTIC_HASHING="1")
        grind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
        # The facts cache is keyed to the executable, which under valgrind is valgrind's: warm it there.
        subprocess.run(grind + [crm, "--vault", vault, "check"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=cenv)
        time.sleep(2.5)
        proc = subprocess.run(grind + [crm, "--vault", vault, "check"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=cenv)
        check_count = callgrind_count(proc.stderr)

        def grind_session(before, action, times):
            session = Session(grind + lsp, cenv, vault, 600)
            before(session)
            for _ in range(times):
                action(session)
            session.finish()
            return callgrind_count(session.server.stderr)

        nothing = lambda s: None
        actions = {"keystroke": (nothing, lambda s: s.type("a")), "completion": (lambda s: s.type(" [["), Session.complete),
                   "completion typed": (lambda s: s.type(" [[" + TYPED_QUERY), Session.complete),
                   "hover": (nothing, Session.hover)}
        if offers_rename:
            actions["rename"] = (nothing, Session.rename)
        base = grind_session(nothing, nothing, 0)
        first_counts["start"] = base
        for name, (before, action) in actions.items():
            zero = base if before is nothing else grind_session(before, action, 0)
            once = grind_session(before, action, 1)
            k = 3 if name == "rename" else args.repeat
            first_counts[name] = once - zero
            next_counts[name] = (grind_session(before, action, 1 + k) - once) / k

    ms = lambda seconds: f"{seconds * 1000:.1f} ms"
    mi = lambda count: f"{count / 1e6:.1f} M" if count is not None else "—"
    median = statistics.median
    results = []

    def row(what, first, steady, limit, name):
        met = steady * 1000 <= limit
        results.append(met)
        print(f"| {what} | {ms(first) if first is not None else '—'} | {ms(steady)} | ≤ {limit:.0f} ms | "
              f"{'met' if met else '**missed**'} | {mi(first_counts.get(name))} | {mi(next_counts.get(name))} |")

    load = os.getloadavg()
    print(f"`crm lsp` on {args.people:,} generated people ({crm}), medians of {args.runs} runs after a first; "
          f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at the end, {os.cpu_count()} cores\n")
    print("| what | first | median | limit | | instructions, first | instructions, each next |\n|---|---|---|---|---|---|---|")
    print(f"| warm `crm check` (whole vault) | | {ms(median(checks))} | | | "
          f"{mi(check_count) if not args.no_instructions else '—'} | |")
    row("start, initialize → first diagnostics", None, median(starts), median(checks) * 1000 + 50, "start")
    row("keystroke → diagnostics (200 entries)", times["keystroke"][0], median(times["keystroke"][1:]), LIMITS["keystroke"], "keystroke")
    row(f"completion after `[[` ({listed(completions[-1][1])})", times["completion"][0],
        median(times["completion"][1:]), LIMITS["completion"], "completion")
    row(f"completion after `[[{TYPED_QUERY}` ({listed(typed_completions[-1][1])})", times["completion typed"][0],
        median(times["completion typed"][1:]), LIMITS["completion typed"], "completion typed")
    row("hover on a link", times["hover"][0], median(times["hover"][1:]), LIMITS["hover"], "hover")
    if offers_rename:
        row(f"rename, linked from {LINKERS} files ({edited} edits)", times["rename"][0], median(times["rename"][1:]),
            LIMITS["rename"], "rename")
    else:
        print("| rename | | | ≤ 1000 ms | not offered by this server | | |")
    memory = peak / 1024
    results.append(memory <= LIMITS["memory"])
    print(f"| peak resident memory | | {memory:.0f} MB | ≤ {LIMITS['memory']} MB | "
          f"{'met' if memory <= LIMITS['memory'] else '**missed**'} | | |")
    print(f"\n{sum(results)} of {len(results)} limits met")
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
