# Helpers of `make psp` (native/Makefile): the toolchain check and the
# release zip laid out for the Memory Stick (PSP/GAME/RATSCREW/EBOOT.PBP).
.PHONY: check zip

check:
	@if [ -z "$$PSPDEV" ] || ! command -v psp-config >/dev/null 2>&1; then \
	  echo "native: the PSP build needs the pspdev toolchain (psp-gcc, psp-config, PSPSDK)."; \
	  echo "  1. Download pspdev's release archive for your system from"; \
	  echo "     https://github.com/pspdev/pspdev/releases and unpack it, e.g. to ~/pspdev"; \
	  echo "  2. export PSPDEV=~/pspdev; export PATH=\"\$$PSPDEV/bin:\$$PATH\""; \
	  echo "  3. make psp"; \
	  echo "  (or build in the container image: docker run --rm -v \$$PWD:/src -w /src pspdev/pspdev make psp)"; \
	  exit 1; \
	fi

zip:
	node $(ROOT)/tools/native/zip.mjs $(ROOT)/build/psp/ratscrew-psp.zip \
	  PSP/GAME/RATSCREW/EBOOT.PBP=$(ROOT)/build/psp/EBOOT.PBP
