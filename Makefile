# Egyptian Ratscrew for PSP — top-level build.
#   make play    desktop build (SDL2) against CPU players
#   make test    every test: rules, bundle in QuickJS, native host cross-check
#   make check   the everyday check (docs/testing.md): types, the rules, CPU
#                players, table and app in Node, the contract, the core C tests
#   make psp     EBOOT.PBP (needs the pspdev toolchain, PSPDEV set)
#   make psp-replay [SCRIPT="a.json b.json"]  the replay EBOOT test/psp uses
#   make assets  regenerate assets/build/ and src/assets/ from sources
#   make web     the web version as a static folder, build/web/
#   make play-web  serves build/web/ on 127.0.0.1 and prints the address
#   make serve [SERVERS=N]  the online rooms and the page on 127.0.0.1 (docs/network.md)
#   make bench   benchmarks into bench/results.{json,md}
#   make soak    long reliability runs into docs/reliability.md
.PHONY: all setup-play setup-test bundle check check-types check-logic check-core test test-js test-native test-psp test-web typecheck play headless psp psp-replay web play-web serve assets bench soak sim clean

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
	npx tsc --noEmit -p web/tsconfig.json
	npx tsc --noEmit -p test/web/tsconfig.json

# The Debian packages each needs, installed when missing (apt-get; sudo when
# not root).
setup-play:
	@sh tools/setup/debian-packages.sh play
setup-test:
	@sh tools/setup/debian-packages.sh test

# The everyday check (docs/testing.md), its three stages side by side on
# two cores, each one's output whole when it ends (-O), then their times.
# The core C tests run without sanitizers here; make test runs them with.
CHECK_TIMES := build/check-times.txt
check: bundle
	@mkdir -p build && rm -f $(CHECK_TIMES)
	@start=$$(date +%s); STAGE_TIMES=$(CHECK_TIMES) $(MAKE) --no-print-directory -j2 -O check-types check-logic check-core; rc=$$?; \
	  tools/test/stage-times.sh $(CHECK_TIMES) $$(( $$(date +%s) - start )); exit $$rc

check-types:
	@tools/test/stage.sh typecheck $(MAKE) --no-print-directory typecheck
check-logic:
	@tools/test/stage.sh logic npx vitest run --config vitest.check.config.ts
check-core:
	@tools/test/stage.sh core-c sh -c 'dir=$$(mktemp -d) && $(MAKE) -s -C native core-test && build/native/core-test "$$dir"; rc=$$?; rm -rf "$$dir"; exit $$rc'

test: setup-test typecheck test-js test-native test-web test-psp

# test/reliability drives the native headless host too: build it once here
# rather than racing to build it from several test files. test/native runs
# in `make test-native`, after every native target it checks is built.
test-js: bundle
	$(MAKE) -C native headless
	npx vitest run --exclude 'test/native/**' --exclude 'test/web/**'

test-native: bundle
	$(MAKE) -C native test

# The web build in Debian's chromium (test/web, docs/web.md): replays against
# the headless host, keys, a game controller, touch, saves, offline.
test-web: bundle
	$(MAKE) -C native headless
	$(MAKE) web
	@start=$$(date +%s); npx vitest run --config vitest.web.config.ts && \
	  echo "test-web: the browser stage took $$(( $$(date +%s) - start )) s"

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

# The web version (web/, docs/web.md): a static folder any static server can
# host, and a local server for it. PORT=N picks another port.
WEB_SOURCES := $(shell find web -type f 2>/dev/null)
build/web/index.html: dist/ratscrew.js $(WEB_SOURCES) assets/build/atlas.png assets/build/sounds.json
	node web/build.mjs

web: build/web/index.html

play-web: web
	node web/serve.mjs --port $(or $(PORT),8080)

# The online rooms and the page on one address (docs/network.md): one
# process, rooms in memory. PORT=N picks another port. SERVERS=N runs N
# processes on ports PORT.. sharing their rooms through Redis (REDIS=url, or
# a private redis-server started and stopped with them).
serve: web
	@if [ -n "$(SERVERS)" ]; then \
	  npx tsx server/cluster.ts --servers $(SERVERS) --port $(or $(PORT),8080) $(if $(REDIS),--redis $(REDIS)); \
	else \
	  npx tsx server/main.ts --port $(or $(PORT),8080); \
	fi

psp-replay: bundle
	$(MAKE) -C native psp-replay $(if $(SCRIPT),SCRIPTS="$(abspath $(SCRIPT))")

assets: node_modules/.package-lock.json
	node tools/assets/build.mjs

# With a PSP toolchain (PSPDEV), also the frame costs on the PSP's clock in
# PPSSPP (bench/psp/frames.ts); without one it says so in one line. Last,
# the web version in Chromium (bench/web.mjs, docs/web.md).
bench: bundle
	$(MAKE) web
	$(MAKE) -C native headless
	@if [ -n "$$PSPDEV" ] && [ -x "$$PSPDEV/bin/psp-config" ]; then PATH="$$PSPDEV/bin:$$PATH" $(MAKE) -C native psp; \
	  else echo "bench: no PSP toolchain (PSPDEV): the EBOOT's size is not measured"; fi
	node bench/run.mjs
	npx tsx bench/psp/frames.ts
	node bench/fairness.mjs
	npx tsx bench/online.ts
	node bench/web.mjs

soak: bundle
	$(MAKE) -C native headless
	node tools/soak.mjs

sim: node_modules/.package-lock.json
	npx tsx tools/sim.ts

clean:
	rm -rf dist build test-output
