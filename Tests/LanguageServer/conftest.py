"""`crm lsp` driven by pytest-lsp's client, with the capabilities real editors declare.

Each test runs once per client profile (PROFILES): a copy of example-vault/ in a temporary
folder, one `crm lsp` started on it (the built binary named by $CRM), `initialize` with the
profile's capabilities, and `shutdown`/`exit` at the end, whose status must be 0.
Run: CRM=.build/debug/crm python3 -m pytest Tests/LanguageServer -W error::pytest_lsp.LspSpecificationWarning
"""
import asyncio
import os
import pathlib
import shutil

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities, make_test_lsp_client

HERE = pathlib.Path(__file__).resolve().parent
EXAMPLE_VAULT = HERE.parent.parent / "example-vault"
TODAY = "2026-11-29"

# The editors whose capabilities pytest-lsp ships (its clients/ folder), as NAME@vVERSION.
PROFILES = ["neovim@v0.7.0", "neovim@v0.10.0", "emacs@v29.1", "visual_studio_code@v1.65.2"]

# A line Lena's file gains on disk: a dead link, for diagnostics to find.
DEAD_LINK_LINE = "- 2025-10-01 call: Asked [[Nobody Here]] about the flat.\n"

CRM = os.environ.get("CRM")
if not CRM:
    raise pytest.UsageError("set CRM to the built crm binary")
CRM = str(pathlib.Path(CRM).resolve())


class Session:
    """The vault, the client and what initialize answered."""

    def __init__(self, client: LanguageClient, vault: pathlib.Path, profile: str, result):
        self.client = client
        self.vault = vault
        self.profile = profile
        self.result = result
        self.encoding = result.capabilities.position_encoding or types.PositionEncodingKind.Utf16

    def uri(self, relative: str) -> str:
        return (self.vault / relative).as_uri()

    def text(self, relative: str) -> str:
        return (self.vault / relative).read_text(encoding="utf-8")

    def column(self, line: str, index: int) -> int:
        """The position's character for LINE[:INDEX] in the negotiated encoding."""
        before = line[:index]
        if self.encoding == types.PositionEncodingKind.Utf8:
            return len(before.encode("utf-8"))
        if self.encoding == types.PositionEncodingKind.Utf32:
            return len(before)
        return len(before.encode("utf-16-le")) // 2

    def position(self, relative: str, needle: str, offset: int = 0, text: str | None = None) -> types.Position:
        """Where NEEDLE (plus OFFSET characters) first is in the file (or TEXT)."""
        text = self.text(relative) if text is None else text
        for number, line in enumerate(text.split("\n")):
            index = line.find(needle)
            if index >= 0:
                return types.Position(line=number, character=self.column(line, index + offset))
        raise AssertionError(f"{needle!r} is not in {relative}")

    def open(self, relative: str, text: str | None = None):
        text = self.text(relative) if text is None else text
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=self.uri(relative), language_id="markdown", version=1, text=text)))

    async def diagnostics(self, relative: str, until=lambda found: True, timeout: float = 10.0):
        """The diagnostics last published for the file, once UNTIL holds for them."""
        uri = self.uri(relative)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            found = self.client.diagnostics.get(uri)
            if found is not None and until(found):
                return found
            if loop.time() > deadline:
                raise AssertionError(f"no diagnostics as expected for {relative} within {timeout} s: {found!r}")
            await asyncio.sleep(0.02)


def make_client() -> LanguageClient:
    """pytest-lsp's client, which also answers `client/registerCapability` as editors do."""
    client = make_test_lsp_client()
    client.registrations = []

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(client: LanguageClient, params: types.RegistrationParams):
        client.registrations.extend(params.registrations)

    return client


@pytest.fixture
def vault(tmp_path):
    copy = tmp_path / "vault"
    shutil.copytree(EXAMPLE_VAULT, copy)
    shutil.rmtree(copy / ".crm" / "cache", ignore_errors=True)
    lena = copy / "people" / "lena-marsh.md"
    with lena.open("a", encoding="utf-8") as file:
        file.write(DEAD_LINK_LINE)
    return copy


@pytest_lsp.fixture(
    params=PROFILES,
    config=ClientServerConfig(server_command=[CRM, "lsp"], client_factory=make_client,
                              server_env={**os.environ, "CRM_TODAY": TODAY}),
)
async def lsp(request, lsp_client: LanguageClient, vault):
    capabilities = client_capabilities(request.param)
    lsp_client.session = None
    params = types.InitializeParams(
        capabilities=capabilities,
        root_uri=vault.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=vault.as_uri(), name="vault")],
    )
    result = await asyncio.wait_for(lsp_client.initialize_session(params), 10)
    lsp_client.session = Session(lsp_client, vault, request.param, result)
    yield
    await asyncio.wait_for(lsp_client.shutdown_session(), 10)
    assert lsp_client._server.returncode == 0, f"crm lsp ended with {lsp_client._server.returncode} after shutdown and exit"


@pytest.fixture
def session(lsp) -> Session:
    return lsp.session
