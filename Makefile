# make install / make uninstall: the crm binary, its manual page and shell completions.
#
#   make install                    # into ~/.local (bin/ must be on PATH)
#   make install PREFIX=/usr/local  # system-wide (as root)
#   make uninstall PREFIX=…         # removes exactly what install put there, and the folders left empty
#
# DESTDIR is prepended to every installed path, for packagers.

PREFIX ?= $(HOME)/.local
DESTDIR ?=
SWIFT ?= swift

BINDIR := $(DESTDIR)$(PREFIX)/bin
MANDIR := $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

# On Linux the Swift runtime and Foundation are linked in, so the binary runs on a machine
# without Swift. macOS ships the Swift runtime with the system.
# The installed binary is stripped of its symbol table and debug information (on Linux 34 MB
# become about 16 MB; the code uses FoundationEssentials, so ICU's data is not linked in);
# `make install STRIP=true` keeps them.
ifeq ($(shell uname -s),Linux)
SWIFT_BUILD_FLAGS ?= -c release --static-swift-stdlib
STRIP ?= strip
else
SWIFT_BUILD_FLAGS ?= -c release
STRIP ?= strip -x
endif

BUILT = .build/install

.PHONY: all build install uninstall clean

all: build

build:
	$(SWIFT) build $(SWIFT_BUILD_FLAGS) --product crm
	mkdir -p $(BUILT)
	cp "$$($(SWIFT) build $(SWIFT_BUILD_FLAGS) --show-bin-path)/crm" $(BUILT)/crm
	$(STRIP) $(BUILT)/crm
	$(BUILT)/crm help --man > $(BUILT)/crm.1
	$(BUILT)/crm completions bash > $(BUILT)/crm.bash
	$(BUILT)/crm completions zsh > $(BUILT)/_crm
	$(BUILT)/crm completions fish > $(BUILT)/crm.fish

install: build
	install -d "$(BINDIR)" "$(MANDIR)" "$(BASHDIR)" "$(ZSHDIR)" "$(FISHDIR)"
	install -m 755 $(BUILT)/crm "$(BINDIR)/crm"
	install -m 644 $(BUILT)/crm.1 "$(MANDIR)/crm.1"
	install -m 644 $(BUILT)/crm.bash "$(BASHDIR)/crm"
	install -m 644 $(BUILT)/_crm "$(ZSHDIR)/_crm"
	install -m 644 $(BUILT)/crm.fish "$(FISHDIR)/crm.fish"
	@echo "Installed crm into $(DESTDIR)$(PREFIX): bin/crm, share/man/man1/crm.1 and completions for bash, zsh and fish."

# The folders install made are removed when nothing else is left in them (deepest first);
# $(PREFIX) itself stays.
SHAREDIR := $(DESTDIR)$(PREFIX)/share

uninstall:
	rm -f "$(BINDIR)/crm" "$(MANDIR)/crm.1" "$(BASHDIR)/crm" "$(ZSHDIR)/_crm" "$(FISHDIR)/crm.fish"
	-rmdir "$(BINDIR)" "$(MANDIR)" "$(SHAREDIR)/man" "$(BASHDIR)" "$(SHAREDIR)/bash-completion" \
		"$(ZSHDIR)" "$(SHAREDIR)/zsh" "$(FISHDIR)" "$(SHAREDIR)/fish" "$(SHAREDIR)" 2>/dev/null

clean:
	rm -rf $(BUILT)
