-- A real Neovim (0.7 and later) as crm lsp's client, set up as docs/editors.md's "Neovim 0.7"
-- says (check-neovim.sh loads that block first, with crm on the PATH): its FileType autocommand
-- starts the server (vim.lsp.start_client) and attaches the buffer (vim.lsp.buf_attach_client).
-- On a person file of a vault copy this checks the diagnostics Neovim shows, applies a completion
-- after [[pri, hovers and follows a link, checks that a second file of the vault gets the same
-- server, applies the code action "Log an interaction today" and a rename of Priya from a link,
-- writes the buffers (:wall) and stops the server. check-neovim.sh then checks the files on disk. Run as:
--   nvim --headless --clean -c 'luafile init.lua' -c 'luafile check_neovim.lua'   ($VAULT, $CRM_TODAY set)
-- Prints "ok: …" or "FAILED: …" per expectation and quits with status 1 on any failure.
local vault = os.getenv("VAULT")
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
  -- Each server the set-up starts: its status when it ends.
  local started, exit_code = 0, nil
  local start_client = vim.lsp.start_client
  vim.lsp.start_client = function(config)
    started = started + 1
    local on_exit = config.on_exit
    config.on_exit = function(code, signal, client_id)
      exit_code = code
      if on_exit then on_exit(code, signal, client_id) end
    end
    return start_client(config)
  end

  vim.cmd("edit " .. vim.fn.fnameescape(vault .. "/people/lena-marsh.md"))
  local lena = vim.api.nvim_get_current_buf()
  check(vim.bo[lena].filetype == "markdown", "the person file is Markdown to Neovim", vim.bo[lena].filetype)
  -- A client is listed once it is initialized.
  vim.wait(wait_ms, function() return #vim.tbl_values(vim.lsp.buf_get_clients(lena)) > 0 end, 20)
  local attached = vim.tbl_values(vim.lsp.buf_get_clients(lena))
  if not check(started == 1 and #attached == 1 and attached[1].name == "crm", "opening a person file starts crm lsp and attaches it",
    ("%d started, %d attached"):format(started, #attached)) then return end
  local id = attached[1].id
  check(attached[1].config.root_dir == vault, "the vault is the root", tostring(attached[1].config.root_dir))
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

  -- A second file of the vault, in a subfolder: the same server.
  vim.cmd("edit " .. vim.fn.fnameescape(vault .. "/people/family/" .. vim.fn.readdir(vault .. "/people/family")[1]))
  local second = vim.tbl_values(vim.lsp.buf_get_clients(0))
  check(started == 1 and #second == 1 and second[1].id == id, "a second file of the vault is attached to the same server",
    ("%d started, %d attached"):format(started, #second))

  -- "Log an interaction today", picked from the code actions on the buffer and applied.
  local logged = false
  local line_number = find(lena, "Kept in Obsidian")
  local answers = vim.lsp.buf_request_sync(lena, "textDocument/codeAction", {
    textDocument = { uri = vim.uri_from_bufnr(lena) },
    range = { start = { line = line_number - 1, character = 0 }, ["end"] = { line = line_number - 1, character = 0 } },
    context = { diagnostics = {} },
  }, wait_ms)
  local actions = answers and answers[id] and answers[id].result or {}
  local titles = vim.tbl_map(function(action) return action.title end, actions)
  for _, action in ipairs(actions) do
    if action.title == "Log an interaction today" and action.edit then
      vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
      logged = true
    end
  end
  check(logged, "the code action \"Log an interaction today\" is offered and applied", vim.inspect(titles))
  check(find(lena, "- " .. os.getenv("CRM_TODAY") .. " call:") ~= nil, "the buffer holds today's entry")

  -- Rename Priya from the link the completion wrote (in Lena's buffer, not saved yet), applied as
  -- Neovim applies a rename's edit: her file moved, the links in the buffers changed.
  vim.cmd("buffer " .. lena)
  result, err = request_at(client, lena, "textDocument/rename", "[[priya-raman|", 4, { newName = "Priya Raman-Okafor" })
  if check(result ~= nil and (result.documentChanges or result.changes) ~= nil, "rename answers with a workspace edit", err or vim.inspect(result)) then
    vim.lsp.util.apply_workspace_edit(result, client.offset_encoding)
    local line = find(lena, "See [[")
    local now = line and vim.api.nvim_buf_get_lines(lena, line - 1, line, false)[1] or ""
    check(now:find("[[priya-raman-okafor|Priya Raman-Okafor]]", 1, true) ~= nil, "the link in the unsaved buffer is renamed", now)
  end

  vim.cmd("silent wall")
  vim.lsp.stop_client(id)
  check(vim.wait(wait_ms, function() return exit_code ~= nil end, 20), "the server stops when Neovim stops it")
  check(exit_code == 0, "crm lsp ends with status 0 after shutdown and exit", tostring(exit_code))
end

local ok, problem = xpcall(run, debug.traceback)
check(ok, "the script ran to its end", problem)
say(("neovim interop: %d failed"):format(failures))
vim.cmd(failures == 0 and "qall!" or "cquit 1")
