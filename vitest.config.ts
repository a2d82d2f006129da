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
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
