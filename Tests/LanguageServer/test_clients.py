"""What an editor sees from `crm lsp`, for each editor's declared capabilities (conftest.py)."""
import asyncio
import difflib
import os
import pathlib
import shutil
import subprocess
import urllib.parse

from lsprotocol import types

from conftest import CRM, TODAY, Session

LENA = "people/lena-marsh.md"
PRIYA = "people/priya-raman.md"


async def request(coroutine):
    return await asyncio.wait_for(coroutine, 10)


def doc(session, relative):
    return types.TextDocumentIdentifier(uri=session.uri(relative))


async def test_initialize_declares_the_features(session):
    capabilities = session.result.capabilities
    assert session.result.server_info.name == "crm"
    sync = capabilities.text_document_sync
    assert sync.open_close and sync.change == types.TextDocumentSyncKind.Incremental
    assert "[" in capabilities.completion_provider.trigger_characters
    for provider in ("hover_provider", "definition_provider", "references_provider",
                     "document_symbol_provider", "workspace_symbol_provider"):
        assert getattr(capabilities, provider), provider
    offered = session.client.capabilities.general and session.client.capabilities.general.position_encodings
    if offered and types.PositionEncodingKind.Utf8 in offered:
        assert session.encoding == types.PositionEncodingKind.Utf8
    else:
        assert session.encoding == types.PositionEncodingKind.Utf16


async def test_a_dead_link_is_a_diagnostic_with_its_rule(session):
    session.open(LENA)
    found = await session.diagnostics(LENA, until=lambda found: any(d.code == "dead-link" for d in found))
    dead = [d for d in found if d.code == "dead-link"]
    assert len(dead) == 1, found
    assert dead[0].source == "crm"
    assert dead[0].severity in (types.DiagnosticSeverity.Error, types.DiagnosticSeverity.Warning)
    assert "Nobody Here" in dead[0].message
    assert dead[0].range.start == session.position(LENA, "[[Nobody Here]]")
    # Fixing the buffer (not the file) clears it.
    start = session.position(LENA, "Nobody Here")
    end = types.Position(line=start.line, character=start.character + len("Nobody Here"))
    session.client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=session.uri(LENA), version=2),
        content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=start, end=end), text="Priya Raman")]))
    await session.diagnostics(LENA, until=lambda found: not any(d.code == "dead-link" for d in found))
    assert "[[Nobody Here]]" in session.text(LENA), "the server never writes the file"


async def test_completion_after_two_brackets_offers_the_person(session):
    session.open(LENA)
    await session.diagnostics(LENA)
    # Type "[[pri" at the end of the notes' line.
    line_text = "Kept in Obsidian; the log links to daily notes."
    start = session.position(LENA, line_text, len(line_text))
    session.client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=session.uri(LENA), version=2),
        content_changes=[types.TextDocumentContentChangePartial(range=types.Range(start=start, end=start), text=" See [[pri")]))
    cursor = types.Position(line=start.line, character=start.character + len(" See [[pri"))
    result = await request(session.client.text_document_completion_async(types.CompletionParams(
        text_document=doc(session, LENA), position=cursor,
        context=types.CompletionContext(trigger_kind=types.CompletionTriggerKind.Invoked))))
    items = result.items if isinstance(result, types.CompletionList) else result
    assert items, "no completion after [[pri"
    first = items[0]
    assert first.label == "Priya Raman", [item.label for item in items]
    assert "friends" in (first.detail or "")
    inserted = first.text_edit.new_text if first.text_edit else first.insert_text
    assert inserted == "priya-raman|Priya Raman]]", inserted
    if isinstance(first.text_edit, types.TextEdit):
        # The edit replaces what was typed after [[ (the client filters on it).
        assert first.text_edit.range.end == cursor
        assert first.text_edit.range.start.character == cursor.character - len("pri")


async def test_hover_on_a_link_shows_the_card(session):
    session.open(LENA)
    await session.diagnostics(LENA)
    hover = await request(session.client.text_document_hover_async(types.HoverParams(
        text_document=doc(session, LENA), position=session.position(LENA, "[[priya-raman|", 4))))
    assert hover is not None
    contents = hover.contents
    text = contents.value if isinstance(contents, types.MarkupContent) else str(contents)
    assert "Priya Raman" in text
    assert "+1 555 0142" in text and "priya.raman@example.com" in text
    if isinstance(contents, types.MarkupContent):
        assert contents.kind == types.MarkupKind.Markdown  # every profile offers markdown


async def test_definition_goes_to_the_persons_file(session):
    session.open(LENA)
    await session.diagnostics(LENA)
    result = await request(session.client.text_document_definition_async(types.DefinitionParams(
        text_document=doc(session, LENA), position=session.position(LENA, "[[priya-raman|", 4))))
    locations = result if isinstance(result, list) else [result]
    assert [location.uri for location in locations] == [session.uri(PRIYA)]


async def test_references_list_every_link(session):
    session.open(PRIYA)
    await session.diagnostics(PRIYA)
    result = await request(session.client.text_document_references_async(types.ReferenceParams(
        text_document=doc(session, PRIYA), position=session.position(PRIYA, "name: Priya", 7),
        context=types.ReferenceContext(include_declaration=False))))
    assert result, "no references to Priya"
    link = session.position(LENA, "[[priya-raman|Priya Raman]]")
    end = types.Position(line=link.line, character=link.character + len("[[priya-raman|Priya Raman]]"))
    assert [(r.uri, r.range) for r in result] == [(session.uri(LENA), types.Range(start=link, end=end))]


async def test_document_symbols_are_the_log(session):
    session.open(LENA)
    await session.diagnostics(LENA)
    result = await request(session.client.text_document_document_symbol_async(types.DocumentSymbolParams(
        text_document=doc(session, LENA))))
    assert result
    # Every profile here declares hierarchical symbols: years, months, entries.
    assert all(isinstance(symbol, types.DocumentSymbol) for symbol in result)
    names = [symbol.name for symbol in result]
    assert names == ["2026", "2025"], names
    months = [month.name for month in result[0].children]
    assert any("November" in month for month in months), months
    entries = [entry.name for month in result[0].children for entry in month.children]
    assert any("Book club at her flat" in entry for entry in entries), entries


async def test_workspace_symbols_find_people(session):
    result = await request(session.client.workspace_symbol_async(types.WorkspaceSymbolParams(query="lenny")))
    assert [(symbol.name, symbol.location.uri) for symbol in result] == [("Lena Marsh", session.uri(LENA))]
    result = await request(session.client.workspace_symbol_async(types.WorkspaceSymbolParams(query="pri")))
    assert "Priya Raman" in [symbol.name for symbol in result]


async def test_watched_files_are_registered_when_the_client_can(session):
    session.open(LENA)
    await session.diagnostics(LENA)
    watched = session.client.capabilities.workspace and session.client.capabilities.workspace.did_change_watched_files
    methods = [registration.method for registration in session.client.registrations]
    if watched and watched.dynamic_registration:
        assert methods == ["workspace/didChangeWatchedFiles"]
    else:
        assert methods == []


def offset(session, text, position):
    """The index in TEXT of an LSP position in the negotiated encoding (lines end at \\n)."""
    lines = text.split("\n")
    start = sum(len(line) + 1 for line in lines[:position.line])
    line = lines[position.line]
    index = 0
    while index < len(line) and session.column(line, index) < position.character:
        index += 1
    return start + index


def apply_edit(session, edit):
    """Applies a WorkspaceEdit to the files as an editor would (text edits, then file moves)."""
    steps = []
    if edit.document_changes is not None:
        for change in edit.document_changes:
            if isinstance(change, types.TextDocumentEdit):
                steps.append(("edit", change.text_document.uri, change.edits))
            elif isinstance(change, types.RenameFile):
                steps.append(("rename", change.old_uri, change.new_uri))
            else:
                raise AssertionError(f"an unexpected change: {change!r}")
    for uri, edits in (edit.changes or {}).items():
        steps.append(("edit", uri, edits))
    for kind, uri, more in steps:
        path = pathlib.Path(urllib.parse.unquote(urllib.parse.urlparse(uri).path))
        if kind == "rename":
            target = pathlib.Path(urllib.parse.unquote(urllib.parse.urlparse(more).path))
            assert not target.exists()
            path.rename(target)
            continue
        text = path.read_bytes().decode("utf-8")
        placed = sorted(((offset(session, text, e.range.start), offset(session, text, e.range.end), e.new_text) for e in more), reverse=True)
        for start, end, new in placed:
            text = text[:start] + new + text[end:]
        path.write_bytes(text.encode("utf-8"))


def retarget(edit, old, new):
    """EDIT with every file URI of the vault OLD made one of the vault NEW."""
    move = lambda uri: uri.replace(old.as_uri(), new.as_uri(), 1)
    if edit.document_changes is not None:
        changes = []
        for change in edit.document_changes:
            if isinstance(change, types.TextDocumentEdit):
                changes.append(types.TextDocumentEdit(text_document=types.OptionalVersionedTextDocumentIdentifier(
                    uri=move(change.text_document.uri), version=change.text_document.version), edits=change.edits))
            else:
                raise AssertionError(f"an unexpected change: {change!r}")
        return types.WorkspaceEdit(document_changes=changes)
    return types.WorkspaceEdit(changes={move(uri): edits for uri, edits in edit.changes.items()})


def vault_files(root):
    return {str(path.relative_to(root)): path.read_bytes() for path in sorted(root.rglob("*.md")) if ".crm" not in path.parts}


def assert_same_files(actual, expected, what):
    """The vault's Markdown files ACTUAL equal EXPECTED (a diff of the first that differs)."""
    assert sorted(actual) == sorted(expected), f"{what}: files {sorted(actual)}, expected {sorted(expected)}"
    for path in expected:
        if actual[path] != expected[path]:
            diff = difflib.unified_diff(expected[path].decode().splitlines(True), actual[path].decode().splitlines(True),
                                        f"{path} expected", f"{path} as edited")
            raise AssertionError(f"{what}:\n" + "".join(diff))


async def test_rename_makes_the_changes_crm_rename_makes(session):
    # What `crm rename` makes, on a copy of the vault as it is now.
    expected = session.vault.parent / "expected"
    shutil.copytree(session.vault, expected)
    subprocess.run([CRM, "--vault", str(expected), "rename", "priya-raman", "Priya Raman-Okafor"], check=True,
                   env={**os.environ, "CRM_TODAY": TODAY}, stdout=subprocess.DEVNULL)
    session.open(LENA)
    await session.diagnostics(LENA)
    link = session.position(LENA, "[[priya-raman|", 4)
    prepared = await request(session.client.text_document_prepare_rename_async(types.PrepareRenameParams(
        text_document=doc(session, LENA), position=link)))
    start = session.position(LENA, "[[priya-raman|Priya Raman]]")
    assert prepared.range == types.Range(start=start, end=types.Position(line=start.line, character=start.character + len("[[priya-raman|Priya Raman]]")))
    assert prepared.placeholder == "Priya Raman"
    edit = await request(session.client.text_document_rename_async(types.RenameParams(
        text_document=doc(session, LENA), position=link, new_name="Priya Raman-Okafor")))
    assert edit is not None
    operations = session.client.capabilities.workspace.workspace_edit.resource_operations or []
    if types.ResourceOperationKind.Rename in operations:
        # The file's move is in the edit; Lena's open file carries the version the editor has.
        assert edit.changes is None
        moves = [c for c in edit.document_changes if isinstance(c, types.RenameFile)]
        assert [(m.old_uri, m.new_uri) for m in moves] == [(session.uri(PRIYA), session.uri("people/priya-raman-okafor.md"))]
        versions = {c.text_document.uri: c.text_document.version for c in edit.document_changes if isinstance(c, types.TextDocumentEdit)}
        assert versions == {session.uri(PRIYA): None, session.uri(LENA): 1}
        assert session.client.messages == []
    else:
        # Without file operations: the edits, and a message saying which file to move.
        assert edit.document_changes is None
        assert sorted(edit.changes) == sorted([session.uri(PRIYA), session.uri(LENA)])
        for _ in range(500):
            if session.client.messages:
                break
            await asyncio.sleep(0.02)
        message = " ".join(m.message for m in session.client.messages)
        assert "rename people/priya-raman.md to people/priya-raman-okafor.md" in message, message
    apply_edit(session, edit)
    if types.ResourceOperationKind.Rename not in operations:
        (session.vault / PRIYA).rename(session.vault / "people/priya-raman-okafor.md")
    assert_same_files(vault_files(session.vault), vault_files(expected), "rename")
    assert not (session.vault / PRIYA).exists()


async def code_actions(session, relative, needle, offset=0):
    """The code actions offered at NEEDLE (+ OFFSET) in the open file, by title."""
    at = session.position(relative, needle, offset)
    found = await session.diagnostics(relative)
    result = await request(session.client.text_document_code_action_async(types.CodeActionParams(
        text_document=doc(session, relative), range=types.Range(start=at, end=at),
        context=types.CodeActionContext(diagnostics=[d for d in found if d.range.start.line == at.line]))))
    actions = {action.title: action for action in result or []}
    for action in actions.values():
        assert isinstance(action, types.CodeAction), action
        assert action.command is None and action.edit is not None, "an action is an edit for the editor to apply"
    return actions


def crm(vault, *arguments):
    subprocess.run([CRM, "--vault", str(vault), *arguments], check=True, env={**os.environ, "CRM_TODAY": TODAY},
                   stdout=subprocess.DEVNULL)


def copy_of(session, name):
    copy = session.vault.parent / name
    shutil.copytree(session.vault, copy)
    return copy


async def test_code_actions_make_the_edits_their_commands_make(session):
    session.open(LENA)
    actions = await code_actions(session, LENA, "* [ ] [[2026-12-10]] visit:")
    assert {"Log an interaction today", "Tick done", "Snooze a week"} <= set(actions), list(actions)
    declared = session.client.capabilities.workspace.workspace_edit.document_changes
    for action in actions.values():
        assert (action.edit.document_changes is not None) == bool(declared), action.edit

    # Each applied to a copy of the vault equals its command run on another copy.
    for title, command in [("Tick done", ["done", "lena-marsh", "flats in Leeds"]),
                           ("Snooze a week", ["snooze", "lena-marsh", "2026-12-06"]),
                           ("Log an interaction today", ["log", "lena-marsh", "NOTE"])]:
        expected, applied = copy_of(session, f"{title} expected"), copy_of(session, f"{title} applied")
        crm(expected, *command)
        applied_session = Session(session.client, applied, session.profile, session.result)
        apply_edit(applied_session, retarget(actions[title].edit, session.vault, applied))
        want = vault_files(expected)
        if title == "Log an interaction today":
            # The action leaves the note to type: the line crm log writes, without it.
            want[LENA] = want[LENA].replace(b" call: NOTE", b" call:")
        assert_same_files(vault_files(applied), want, title)


async def test_create_a_person_for_a_dead_link(session):
    session.open(LENA)
    actions = await code_actions(session, LENA, "[[Nobody Here]]", 4)
    operations = session.client.capabilities.workspace.workspace_edit.resource_operations or []
    if types.ResourceOperationKind.Create not in operations:
        assert "Create a person for Nobody Here" not in actions, list(actions)
        return
    edit = actions["Create a person for Nobody Here"].edit
    creates = [c for c in edit.document_changes if isinstance(c, types.CreateFile)]
    assert [c.uri for c in creates] == [session.uri("people/nobody-here.md")]
    expected = copy_of(session, "expected")
    crm(expected, "add", "Nobody Here")
    for change in edit.document_changes:
        if isinstance(change, types.CreateFile):
            path = pathlib.Path(urllib.parse.unquote(urllib.parse.urlparse(change.uri).path))
            assert not path.exists()
            path.write_bytes(b"")
    apply_edit(session, types.WorkspaceEdit(document_changes=[c for c in edit.document_changes if not isinstance(c, types.CreateFile)]))
    assert_same_files(vault_files(session.vault), vault_files(expected), "Create a person")
