# Egyptian Ratscrew for PSP — top-level build.
#   make play    desktop build (SDL2) against CPU players
#   make test    every test: rules, bundle in QuickJS, native host cross-check
#   make psp     EBOOT.PBP (needs the pspdev toolchain, PSPDEV set)
#   make psp-replay [SCRIPT="a.json b.json"]  the replay EBOOT test/psp uses
#   make assets  regenerate assets/build/ and src/assets/ from sources
#   make bench   benchmarks into bench/results.{json,md}
#   make soak    long reliability runs into docs/reliability.md
.PHONY: all setup-play setup-test bundle test test-js test-native test-psp typecheck play headless psp psp-replay assets bench soak sim clean

all: bundle

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

TS_SOURCES := $(shell find src -name '*.ts' 2>/dev/null)

dist/ratscrew.js: node_modules/.package-lock.json $(TS_SOURCES) rollup.config.mjs tsconfig.json tools/contract/contract.json tools/contract/generate.mjs
	npx rollup -c --silent

bundle: dist/ratscrew.js

typecheck: node_modules/.package-lock.json
	npx tsc --noEmit -p tsconfig.tools.json

# The Debian packages each needs, installed when missing (apt-get; sudo when
# not root).
setup-play:
	@sh tools/setup/debian-packages.sh play
setup-test:
	@sh tools/setup/debian-packages.sh test

test: setup-test typecheck test-js test-native test-psp

# test/reliability drives the native headless host too: build it once here
# rather than racing to build it from several test files. test/native runs
# in `make test-native`, after every native target it checks is built.
test-js: bundle
	$(MAKE) -C native headless
	npx vitest run --exclude 'test/native/**'

test-native: bundle
	$(MAKE) -C native test

# The PSP build in PPSSPP (test/psp): with a PSP toolchain (PSPDEV), the
# emulator harness's npm packages (tools/psp-emulator/install.mjs, once), the
# EBOOT built with every compiler warning an error (WERROR=1), then the
# checks; without a toolchain one line says so.
test-psp: bundle
	@if [ -z "$$PSPDEV" ] || [ ! -x "$$PSPDEV/bin/psp-config" ]; then \
	  echo "test-psp: skipped: no PSP toolchain (set PSPDEV to an extracted pspdev toolchain)"; \
	else \
	  start=$$(date +%s); \
	  node tools/psp-emulator/install.mjs && \
	  PATH="$$PSPDEV/bin:$$PATH" $(MAKE) -C native psp WERROR=1 && npx vitest run --config vitest.psp.config.ts && \
	  echo "test-psp: the PSP stage took $$(( $$(date +%s) - start )) s"; \
	fi

headless: bundle
	$(MAKE) -C native headless

play: setup-play bundle
	$(MAKE) -C native play

psp: bundle
	$(MAKE) -C native psp

psp-replay: bundle
	$(MAKE) -C native psp-replay $(if $(SCRIPT),SCRIPTS="$(abspath $(SCRIPT))")

assets: node_modules/.package-lock.json
	node tools/assets/build.mjs

# With a PSP toolchain (PSPDEV), also the frame costs on the PSP's clock in
# PPSSPP (bench/psp/frames.ts); without one it says so in one line.
bench: bundle
	$(MAKE) -C native headless
	node bench/run.mjs
	npx tsx bench/psp/frames.ts
	node bench/fairness.mjs

soak: bundle
	$(MAKE) -C native headless
	node tools/soak.mjs

sim: node_modules/.package-lock.json
	npx tsx tools/sim.ts

clean:
	rm -rf dist build test-output
