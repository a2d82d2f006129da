// make check, the everyday command (docs/testing.md): the rules, the CPU
// players, the table, the online judging (test/server, but its sockets: the
// hostile suite is make test's) and the app (driven in Node, test/support/engine.ts),
// the contract and its generated files, and the README's package list.
// make test runs these too, in its JS stage (vitest.config.ts).
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/rules/**/*.test.ts', 'test/ai/**/*.test.ts', 'test/game/**/*.test.ts', 'test/server/judge.test.ts', 'test/server/latency.test.ts', 'test/server/lying.test.ts', 'test/contract.test.ts', 'test/bundle.test.ts', 'test/setup.test.ts'],
    exclude: [...configDefaults.exclude],
    // Two files at a time even on two cores (vitest's default leaves one
    // core free): the check is most of what runs, the type check the rest.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
