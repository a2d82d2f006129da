import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The PSP checks boot PPSSPP: they run on their own (vitest.psp.config.ts, make test-psp).
    exclude: [...configDefaults.exclude, 'test/psp/**'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
