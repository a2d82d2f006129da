# The ad-hoc experiment (adhoc.c): make -C build/psp-adhoc -f native/psp/probes/adhoc.mk ROOT=<repo>
VPATH = $(ROOT)/native/psp/probes
TARGET = adhocprobe
OBJS = adhoc.o
CFLAGS = -O2 -G0 -Wall
LIBS = -lpspnet_adhoc -lpspnet_adhocctl
BUILD_PRX = 1
PSP_FW_VERSION = 600
EXTRA_TARGETS = EBOOT.PBP
PSP_EBOOT_TITLE = Ratscrew ad hoc probe
PSPSDK = $(shell psp-config --pspsdk-path)
include $(PSPSDK)/lib/build.mak
