-- A real Neovim (0.7 and later) as crm lsp's client: vim.lsp.start_client and
-- vim.lsp.buf_attach_client on a person file of a vault copy, the diagnostics Neovim shows, a
-- completion after [[pri applied to the buffer, hover and definition on a link; the buffers are
-- written (:wall) and the server stopped. Run by check-neovim.sh, which checks the files on disk:
--   nvim --headless --clean -c 'luafile check_neovim.lua'   with $CRM, $VAULT and $CRM_TODAY set.
-- Prints "ok: …" or "FAILED: …" per expectation and quits with status 1 on any failure.
local crm, vault = os.getenv("CRM"), os.getenv("VAULT")
local failures, wait_ms = 0, 10000

local function say(line) io.stdout:write(line .. "\n") io.stdout:flush() end
local function check(ok, what, detail)
  if ok then say("ok: " .. what) else failures = failures + 1 say("FAILED: " .. what .. (detail and (": " .. detail) or "")) end
  return ok
end
local function text_of(contents)
  if type(contents) == "string" then return contents end
  if contents.value then return contents.value end
  local parts = {}
  for _, part in ipairs(contents) do parts[#parts + 1] = type(part) == "string" and part or part.value end
  return table.concat(parts, "\n")
end
-- The buffer line (1-based) holding NEEDLE, and the 0-based byte column where it starts.
local function find(bufnr, needle)
  for number, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    local column = line:find(needle, 1, true)
    if column then return number, column - 1 end
  end
end
-- The answer of the one client to a request at NEEDLE (+ OFFSET bytes) in the buffer.
local function request_at(client, bufnr, method, needle, offset, extra)
  local line, column = find(bufnr, needle)
  if not line then return nil, needle .. " is not in the buffer" end
  -- The position written out (not the cursor's: normal mode cannot stand after a line's end).
  local text, byte = vim.api.nvim_buf_get_lines(bufnr, line - 1, line, false)[1], column + (offset or 0)
  local utf32, utf16 = vim.str_utfindex(text, byte)
  local character = ({ ["utf-8"] = byte, ["utf-16"] = utf16, ["utf-32"] = utf32 })[client.offset_encoding]
  local params = { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = line - 1, character = character } }
  for key, value in pairs(extra or {}) do params[key] = value end
  local answers, err = vim.lsp.buf_request_sync(bufnr, method, params, wait_ms)
  if not answers then return nil, method .. ": " .. tostring(err) end
  local answer = answers[client.id]
  if not answer then return nil, method .. ": no answer" end
  if answer.err then return nil, method .. ": " .. vim.inspect(answer.err) end
  return answer.result
end

local function run()
  local exit_code
  vim.cmd("edit " .. vim.fn.fnameescape(vault .. "/people/lena-marsh.md"))
  local lena = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({
    name = "crm",
    cmd = { crm, "lsp" },
    root_dir = vault,
    on_exit = function(code) exit_code = code end,
  })
  if not check(id ~= nil, "vim.lsp.start_client starts crm lsp") then return end
  check(vim.lsp.buf_attach_client(lena, id), "vim.lsp.buf_attach_client attaches the person file")
  local client = vim.lsp.get_client_by_id(id)
  check(vim.wait(wait_ms, function() return client.initialized end, 20), "the server is initialized")

  -- Diagnostics: the dead link on disk, shown with its rule.
  local function dead_links()
    return vim.tbl_filter(function(d) return d.code == "dead-link" end, vim.diagnostic.get(lena))
  end
  check(vim.wait(wait_ms, function() return #dead_links() > 0 end, 20), "a dead link is diagnosed",
    vim.inspect(vim.diagnostic.get(lena)))
  local dead = dead_links()[1]
  if dead then
    local line, column = find(lena, "[[Nobody Here]]")
    check(dead.lnum == line - 1 and dead.col == column, "the dead link is placed at its [[",
      ("%d:%d, expected %d:%d"):format(dead.lnum, dead.col, line - 1, column))
    check(dead.message:find("Nobody Here", 1, true) ~= nil and dead.source == "crm", "the message names the link, the source is crm", dead.message)
    check(dead.severity == vim.diagnostic.severity.WARN or dead.severity == vim.diagnostic.severity.ERROR, "a dead link is a warning or an error")
  end

  -- Completion after [[pri, typed at the end of the notes' line, applied as Neovim applies it.
  local notes = "Kept in Obsidian; the log links to daily notes."
  local line = find(lena, notes)
  vim.api.nvim_buf_set_lines(lena, line - 1, line, false, { notes .. " See [[pri" })
  local typed = notes .. " See [[pri"
  local result, err = request_at(client, lena, "textDocument/completion", typed, #typed)
  local items = result and (result.items or result) or {}
  if check(items[1] ~= nil and items[1].label == "Priya Raman", "completion after [[pri offers Priya Raman first",
    err or vim.inspect(vim.tbl_map(function(item) return item.label end, items))) then
    local item = items[1]
    if item.textEdit then
      vim.lsp.util.apply_text_edits({ item.textEdit }, lena, client.offset_encoding)
    else
      vim.api.nvim_buf_set_lines(lena, line - 1, line, false, { notes .. " See [[" .. item.insertText })
    end
    local now = vim.api.nvim_buf_get_lines(lena, line - 1, line, false)[1]
    check(now == notes .. " See [[priya-raman|Priya Raman]]", "the completion writes the link", now)
  end

  -- Hover and definition on a link.
  result, err = request_at(client, lena, "textDocument/hover", "[[jose-nunez|", 4)
  local card = result and text_of(result.contents) or ""
  check(card:find("José Núñez", 1, true) ~= nil, "hover on a link shows the person's card", err or card)
  result, err = request_at(client, lena, "textDocument/definition", "[[jose-nunez|", 4)
  local target = result and (result.uri and result or result[1])
  check(target ~= nil and vim.uri_to_fname(target.uri) == vault .. "/people/jose-nunez.md", "definition goes to the person's file",
    err or vim.inspect(result))

  vim.cmd("silent wall")
  vim.lsp.stop_client(id)
  check(vim.wait(wait_ms, function() return exit_code ~= nil end, 20), "the server stops when Neovim stops it")
  check(exit_code == 0, "crm lsp ends with status 0 after shutdown and exit", tostring(exit_code))
end

local ok, problem = xpcall(run, debug.traceback)
check(ok, "the script ran to its end", problem)
say(("neovim interop: %d failed"):format(failures))
vim.cmd(failures == 0 and "qall!" or "cquit 1")
