# QuickJS for the PSP, as a static library built once and linked by every
# PSP EBOOT (the game, and the replay build test/psp runs): run by
# native/Makefile as
#   make -f native/psp/quickjs.mk OUT=build/psp-quickjs QJS_SRC=<patched sources>
# Flags as in /work/shared/PSP-NOTES.md's QuickJS section and build.mak's:
# -G0 (no small-data section in a PRX), the firmware version PSPSDK headers
# test, and the GCC 14 flags that keep QuickJS's int32_t/int mismatches
# (newlib's int32_t is long) warnings rather than errors.
ifndef OUT
$(error OUT is undefined: build with `make psp` from the repository)
endif

PSPSDK    := $(shell psp-config --pspsdk-path)
QJS_NAMES := quickjs libregexp libunicode cutils
OBJS      := $(QJS_NAMES:%=$(OUT)/%.o)
CFLAGS    := -O2 -G0 -D_PSP_FW_VERSION=600 -I$(PSPSDK)/include \
             -D_GNU_SOURCE -DCONFIG_VERSION=\"2021-03-27\" -w \
             -Wno-error=incompatible-pointer-types -Wno-error=int-conversion

$(OUT)/libquickjs.a: $(OBJS)
	psp-gcc-ar rcs $@ $^

$(OUT)/%.o: $(QJS_SRC)/%.c $(QJS_SRC)/../stamp
	@mkdir -p $(OUT)
	psp-gcc $(CFLAGS) -c -o $@ $<
