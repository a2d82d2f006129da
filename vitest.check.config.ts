// make check, the everyday command (docs/testing.md): the rules, the CPU
// players, the table, the online judging (test/server, but its sockets: the
// hostile suite is make test's) and the app (driven in Node, test/support/engine.ts),
// the contract and its generated files, and the README's package list.
// make test runs these too, in its JS stage (vitest.config.ts).
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // RATSCREW_CPU_LOG=file: each test file's CPU seconds (docs/testing.md, "Measuring").
    setupFiles: process.env.RATSCREW_CPU_LOG ? ['test/support/cpu-time.ts'] : [],
    include: ['test/rules/**/*.test.ts', 'test/ai/**/*.test.ts', 'test/game/**/*.test.ts', 'test/server/judge.test.ts', 'test/server/latency.test.ts', 'test/server/lying.test.ts', 'test/contract.test.ts', 'test/bundle.test.ts', 'test/setup.test.ts'],
    // make test's alone: the recipe tests type-check a scratch copy of src/
    // each (make typecheck's kind of work, 13 s of CPU), determinism runs
    // the CPU players in quickjs-emscripten (an engine, 7 s), and the
    // nearby room runs two game bundles in it (6.5 s).
    exclude: [...configDefaults.exclude, 'test/game/add-language.test.ts', 'test/rules/slap-rule-record.test.ts', 'test/ai/determinism.test.ts', 'test/game/nearby.test.ts'],
    // Two files at a time even on two cores (vitest's default leaves one
    // core free): the check is most of what runs, the type check the rest.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The files share their workers and modules (src/ is loaded once a
    // worker, not once a file): a quarter less CPU (68 s against 93 s,
    // measured at load 11-18). make test runs the same files isolated, so a
    // file that leans on another's leftovers fails one of the two.
    isolate: false,
    // A hang guard, not a speed limit: generous for a machine at load 20.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
