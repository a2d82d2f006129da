import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // RATSCREW_CPU_LOG=file: each test file's CPU seconds (docs/testing.md, "Measuring").
    setupFiles: process.env.RATSCREW_CPU_LOG ? ['test/support/cpu-time.ts'] : [],
    include: ['test/**/*.test.ts'],
    // The PSP checks boot PPSSPP and the web checks drive chromium: they run
    // on their own (vitest.psp.config.ts and vitest.web.config.ts, make
    // test-psp and make test-web).
    exclude: [...configDefaults.exclude, 'test/psp/**', 'test/web/**'],
    // A hang guard, not a speed limit: generous for a machine at load 20
    // (a 10 s fuzz ran past 120 s there beside the PSP stage).
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
