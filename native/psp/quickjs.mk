# QuickJS for the PSP, as a static library built once and linked by every
# PSP EBOOT (the game, and the replay build test/psp runs): run by
# native/Makefile as
#   make -f native/psp/quickjs.mk OUT=build/psp-quickjs QJS_SRC=<patched sources>
# Flags as in /work/shared/PSP-NOTES.md's QuickJS section and build.mak's:
# -G0 (no small-data section in a PRX) and the firmware version PSPSDK
# headers test. Type mismatches are errors, as in GCC 14 (the official
# pspdev compiler), whatever this compiler's version: patches/0003 fixed
# QuickJS's int *-for-int32_t ones (newlib's int32_t is long). The sources'
# folder is mapped away so that the EBOOT does not depend on the checkout's.
ifndef OUT
$(error OUT is undefined: build with `make psp` from the repository)
endif

PSPSDK    := $(shell psp-config --pspsdk-path)
# Stock binutils' "float register should be even" notes dropped (Makefile beside this one).
PSP_CC    := sh $(dir $(abspath $(lastword $(MAKEFILE_LIST))))psp-cc.sh psp-gcc
QJS_NAMES := quickjs libregexp libunicode cutils
OBJS      := $(QJS_NAMES:%=$(OUT)/%.o)
CFLAGS    := -O2 -G0 -D_PSP_FW_VERSION=600 -I$(PSPSDK)/include \
             -D_GNU_SOURCE -DCONFIG_VERSION=\"2021-03-27\" \
             -Werror=incompatible-pointer-types -Werror=int-conversion \
             -ffile-prefix-map=$(abspath $(QJS_SRC)/..)=quickjs

# The library takes quickjs.o without its .qjs_bytecode_abi section: the
# build compares that section with the bytecode writer's (native/Makefile,
# tools/native/bytecode-abi.mjs) and the game never reads it.
$(OUT)/libquickjs.a: $(OBJS) $(lastword $(MAKEFILE_LIST))
	psp-objcopy --remove-section=.qjs_bytecode_abi $(OUT)/quickjs.o $(OUT)/quickjs-lib.o
	rm -f $@
	psp-gcc-ar rcs $@ $(OUT)/quickjs-lib.o $(filter-out $(OUT)/quickjs.o,$(OBJS))

$(OUT)/%.o: $(QJS_SRC)/%.c $(QJS_SRC)/../stamp
	@mkdir -p $(OUT)
	$(PSP_CC) $(CFLAGS) -c -o $@ $<
