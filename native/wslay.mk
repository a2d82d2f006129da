# wslay (docs/network.md: the PSP's WebSocket frames), Debian's source of
# wslay 1.1.1: native/third_party/wslay_1.1.1.orig.tar.gz, the bytes
# Debian's archive lists for it (checked against the pin below before use),
# unpacked into build/wslay/. Included by native/Makefile (desktop tests)
# and native/psp/Makefile; both compile the two files the frame API needs.
WSLAY_TARBALL := $(ROOT)/native/third_party/wslay_1.1.1.orig.tar.gz
# Checksums-Sha256 of wslay_1.1.1.orig.tar.gz in Debian's wslay_1.1.1-3.dsc (bookworm) and -5 (trixie).
WSLAY_SHA256  := 7b9f4b9df09adaa6e07ec309b68ab376c0db2cfd916613023b52a47adfda224a
WSLAY_ROOT    := $(ROOT)/build/wslay
WSLAY_SRC     := $(WSLAY_ROOT)/wslay-release-1.1.1/lib
WSLAY_STAMP   := $(WSLAY_ROOT)/stamp
# config.h's answers for both hosts (little-endian, arpa/inet.h for ntohl).
WSLAY_CFLAGS  := -DWSLAY_VERSION=\"1.1.1\" -DHAVE_ARPA_INET_H -DHAVE_NETINET_IN_H -I$(WSLAY_SRC)/includes -I$(WSLAY_SRC)
WSLAY_NAMES   := wslay_frame wslay_net

$(WSLAY_STAMP): $(WSLAY_TARBALL) $(ROOT)/native/wslay.mk
	@echo "$(WSLAY_SHA256)  $(WSLAY_TARBALL)" | sha256sum -c --quiet - || { echo "native: $(WSLAY_TARBALL) is not Debian's wslay 1.1.1 (sha256 differs)"; exit 1; }
	rm -rf $(WSLAY_ROOT) && mkdir -p $(WSLAY_ROOT)
	tar -xzf $(WSLAY_TARBALL) -C $(WSLAY_ROOT)
	touch $@
# Named one by one, not by a pattern: a pattern would also offer to make
# any other .c there (make asked it for wslay_net.d.c, remaking the .d files
# the PSP build includes).
WSLAY_SOURCES := $(WSLAY_NAMES:%=$(WSLAY_SRC)/%.c)
$(WSLAY_SOURCES): $(WSLAY_STAMP) ;
# The sources come from the stamp's rule, so make counts them intermediate and
# deletes them after a build; the next build (or another running beside it)
# then finds the stamp but no file.
.PRECIOUS: $(WSLAY_SOURCES)
