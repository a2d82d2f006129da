# The network check EBOOT (native/psp/net_check.c, test/psp/net.test.ts):
# run by `make psp-net-check` in native/Makefile as
#   make -C build/psp-net-check -f native/psp/net-check.mk ROOT=<repo>
# It is the PSP's network layer (psp_net.c, core/net_link.c, wslay) and the
# shared checks, without the game.
ifndef ROOT
$(error ROOT is undefined: build with `make psp-net-check` from the repository)
endif
NATIVE := $(ROOT)/native
include $(NATIVE)/wslay.mk
.DEFAULT_GOAL := all
VPATH  := $(NATIVE)/psp $(NATIVE)/core $(NATIVE)/tests

TARGET   = ratscrew-net-check
OBJS     = net_check.o psp_net.o net_link.o net_link_checks.o wslay_frame.o wslay_net.o
INCDIR   = $(NATIVE)/core $(NATIVE)/psp $(NATIVE)/tests
CFLAGS   = -O2 -G0 -ffile-prefix-map=$(ROOT)=. $(WSLAY_CFLAGS)
# psputility and pspnet_inet come from the toolchain's specs, after the C
# library (psp_net.c says why); build.mak adds pspnet and pspnet_apctl.
LIBS     = -lpspgu
BUILD_PRX      = 1
PSP_FW_VERSION = 600
EXTRA_TARGETS  = EBOOT.PBP
PSP_EBOOT_TITLE = Egyptian Ratscrew network check
PSP_LARGE_MEMORY = 0

PSPSDK = $(shell psp-config --pspsdk-path)
include $(PSPSDK)/lib/build.mak

# The project's C with every warning an error; wslay is third-party code.
net_check.o psp_net.o net_link.o net_link_checks.o: CFLAGS += -Wall -Wextra -Werror
wslay_frame.o wslay_net.o: CFLAGS += -w
$(OBJS): $(WSLAY_STAMP)
CC := sh $(NATIVE)/psp/psp-cc.sh $(CC)

# wslay's sources exist only once wslay.mk has unpacked them, after make
# looked at VPATH's folders: named by their full path, not found through VPATH.
wslay_%.o: $(WSLAY_SRC)/wslay_%.c $(WSLAY_STAMP)
	$(COMPILE.c) $(OUTPUT_OPTION) $<
