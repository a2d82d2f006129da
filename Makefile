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
.PHONY: all setup-play setup-test bundle check check-types check-logic check-core test native-quickjs test-stages stage-psp stage-types stage-build stage-js stage-build-checks stage-native stage-web test-js test-native test-psp test-web typecheck play headless psp psp-replay psp-net-check psp-probe web play-web serve assets bench bench-load soak sim clean

all: bundle

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

TS_SOURCES := $(shell find src -name '*.ts' 2>/dev/null)

# The tests start their own builds (test/native/headless.ts, test/psp/ppsspp.ts):
# those makes start afresh, without make test's flags: not its -k, nor its
# jobserver, whose pipe is closed to them (each warned "jobserver unavailable").
VITEST = env -u MAKEFLAGS -u MFLAGS npx vitest run

dist/ratscrew.js: node_modules/.package-lock.json $(TS_SOURCES) rollup.config.mjs tsconfig.json tools/contract/contract.json tools/contract/generate.mjs
	npx rollup -c --silent

bundle: dist/ratscrew.js

# Incremental: each project's last check is kept in build/tsc/, and a warm
# tree re-checks only the files a change can affect (tools: 4 s of CPU
# against 11 s when nothing changed; an edit deep in src/rules checks it all).
TSC = npx tsc --noEmit --incremental
typecheck: node_modules/.package-lock.json
	@mkdir -p build/tsc
	$(TSC) --tsBuildInfoFile build/tsc/tools.tsbuildinfo -p tsconfig.tools.json
	$(TSC) --tsBuildInfoFile build/tsc/web.tsbuildinfo -p web/tsconfig.json
	$(TSC) --tsBuildInfoFile build/tsc/test-web.tsbuildinfo -p test/web/tsconfig.json

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

# make test: the same stages as ever (test-js, test-native, test-web,
# test-psp, each still a target of its own), run two at a time side by side
# (TEST_JOBS; the PSP emulator beside the native tests, say), each one's
# output shown whole when it ends (-O), a failed stage stopping only the
# stages that need it (-k), then one line a stage with its wall and CPU time
# (tools/test/stage.sh, docs/testing.md). QuickJS is fetched
# first: every stage's build reads it. Builds in build/native and
# build/psp-bytecode that two stages could start at once take the lock the
# tests' own builds take (test/native/headless.ts buildNative).
TEST_TIMES := build/test-times.txt
TEST_JOBS ?= 2
NATIVE_LOCK = flock $(CURDIR)/build/.native-build.lock
test:
	@mkdir -p build && rm -f $(TEST_TIMES)
	@start=$$(date +%s); export STAGE_TIMES=$(TEST_TIMES); \
	  tools/test/stage.sh setup $(MAKE) --no-print-directory setup-test bundle native-quickjs && \
	  $(MAKE) --no-print-directory -k -j$(TEST_JOBS) -O test-stages; rc=$$?; \
	  tools/test/stage-times.sh $(TEST_TIMES) $$(( $$(date +%s) - start )) "$(TEST_STAGE_NAMES)"; exit $$rc

native-quickjs:
	@$(MAKE) --no-print-directory -s -C native quickjs

# In the order make starts them when a slot is free: the longest lane first.
# Their names in the table at the end (a stage that never ran says so).
TEST_STAGE_NAMES := setup psp typecheck build-native js build-checks native web
test-stages: stage-psp stage-types stage-build stage-js stage-build-checks stage-native stage-web
stage-psp:
	@if [ -n "$$PSPDEV" ] && [ -x "$$PSPDEV/bin/psp-config" ]; then $(NATIVE_LOCK) $(MAKE) -s -C native psp-bytecode-tool; fi
	@tools/test/stage.sh psp $(MAKE) --no-print-directory test-psp
stage-types:
	@tools/test/stage.sh typecheck $(MAKE) --no-print-directory typecheck
stage-build:
	@tools/test/stage.sh build-native $(NATIVE_LOCK) $(MAKE) -s -C native headless sdl sdl-keys-test core-test
stage-js: stage-build
	@tools/test/stage.sh js $(MAKE) --no-print-directory test-js
# The other QuickJS flavours test/native runs (sanitized, 32-bit, the PSP's
# bytecode writer), built beside the JS stage rather than inside test/native.
stage-build-checks: stage-build
	@tools/test/stage.sh build-checks sh -c '$(MAKE) -s -C native asan headless32 && $(NATIVE_LOCK) $(MAKE) -s -C native psp-bytecode-tool psp-video-fuzz net-link-test'
stage-native: stage-build-checks
	@tools/test/stage.sh native $(MAKE) --no-print-directory test-native
stage-web: stage-build
	@tools/test/stage.sh web $(MAKE) --no-print-directory test-web

# test/reliability drives the native headless host too: build it once here
# rather than racing to build it from several test files. test/native runs
# in `make test-native`, after every native target it checks is built.
test-js: bundle
	$(MAKE) -C native headless
	$(VITEST) --exclude 'test/native/**' --exclude 'test/web/**'

test-native: bundle
	$(MAKE) -C native test

# The web build in Debian's chromium (test/web, docs/web.md): replays against
# the headless host, keys, a game controller, touch, saves, offline.
test-web: bundle
	$(MAKE) -C native headless
	$(MAKE) web
	@start=$$(date +%s); $(VITEST) --config vitest.web.config.ts && \
	  echo "test-web: the browser stage took $$(( $$(date +%s) - start )) s"

# The PSP build in PPSSPP (test/psp): with a PSP toolchain (PSPDEV), the EBOOT
# built with every compiler warning an error (WERROR=1; -j2: the PSP's QuickJS
# and the bytecode writer's compile side by side), then the checks, in
# PPSSPP's native headless emulator when PPSSPP_HEADLESS names it, otherwise
# in PPSSPP's WebAssembly core in Chromium (its npm packages first:
# tools/psp-emulator/install.mjs, once); without a toolchain one line says so.
# PSP_EBOOT_BUILT=1 tells the checks the release EBOOT was just built.
test-psp: bundle
	@if [ -z "$$PSPDEV" ] || [ ! -x "$$PSPDEV/bin/psp-config" ]; then \
	  echo "test-psp: skipped: no PSP toolchain (set PSPDEV to an extracted pspdev toolchain)"; \
	else \
	  start=$$(date +%s); \
	  if [ -n "$$PPSSPP_HEADLESS" ]; then echo "test-psp: PPSSPP's native headless emulator ($$PPSSPP_HEADLESS)"; \
	  else echo "test-psp: PPSSPP in Chromium (PPSSPP_HEADLESS is not set)" && node tools/psp-emulator/install.mjs; fi && \
	  PATH="$$PSPDEV/bin:$$PATH" $(MAKE) -j2 -C native psp WERROR=1 && PSP_EBOOT_BUILT=1 $(VITEST) --config vitest.psp.config.ts && \
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

# The PSP's network layer alone, checked by test/psp/net.test.ts (docs/network.md).
psp-net-check:
	$(MAKE) -C native psp-net-check

# The release EBOOT with the probe hooks (native/Makefile; test/psp/online*.test.ts),
# the game's bundle in it, or PROBE=file.js's.
psp-probe: bundle
	$(MAKE) -C native psp-probe $(if $(PROBE),PROBE_BUNDLE=$(abspath $(PROBE)))

psp-replay: bundle
	$(MAKE) -C native psp-replay $(if $(SCRIPT),SCRIPTS="$(abspath $(SCRIPT))")

assets: node_modules/.package-lock.json
	node tools/assets/build.mjs

# With a PSP toolchain (PSPDEV), also the frame costs on the PSP's clock in
# PPSSPP (bench/psp/frames.ts); without one it says so in one line. The
# online server's rooms per process, with four people a room and with two
# people and two CPU players (bench-load below). Then the web version in
# Chromium (bench/web.mjs, docs/web.md); then the loop itself: make test
# from a clean clone and make check, per stage (bench/loop.mjs,
# docs/testing.md).
bench: bundle
	$(MAKE) web
	$(MAKE) -C native headless
	@if [ -n "$$PSPDEV" ] && [ -x "$$PSPDEV/bin/psp-config" ]; then PATH="$$PSPDEV/bin:$$PATH" $(MAKE) -C native psp; \
	  else echo "bench: no PSP toolchain (PSPDEV): the EBOOT's size is not measured"; fi
	node bench/run.mjs
	npx tsx bench/psp/frames.ts
	node bench/fairness.mjs
	npx tsx bench/online.ts
	$(MAKE) bench-load LOAD='--people 4'
	$(MAKE) bench-load LOAD='--people 2'
	node bench/web.mjs
	node bench/loop.mjs

# The online server's load part alone: bot players against real server
# processes, one process and then two behind a private redis-server, at most
# --minutes (9) a run, its section into bench/results.md (docs/network.md,
# "How many rooms a process holds"). Options in bench/load.ts, e.g.
#   make bench-load LOAD='--people 4 --only 1 --steps 100,200,400 --window 20'
bench-load: node_modules/.package-lock.json
	nice -n 10 npx tsx bench/load.ts $(LOAD)

soak: bundle
	$(MAKE) -C native headless
	node tools/soak.mjs

sim: node_modules/.package-lock.json
	npx tsx tools/sim.ts

clean:
	rm -rf dist build test-output
