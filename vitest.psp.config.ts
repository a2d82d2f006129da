// The PSP checks (make test-psp): the EBOOT in PPSSPP. PPSSPP's native
// emulator (PPSSPP_HEADLESS) keeps about one core busy, so two test files run
// side by side, one's emulator beside the other's builds; PPSSPP in Chromium
// keeps both cores busy: one file at a time.
import { defineConfig } from 'vitest/config';

const native = !!process.env.PPSSPP_HEADLESS;

export default defineConfig({
  test: {
    include: ['test/psp/**/*.test.ts'],
    fileParallelism: native,
    maxWorkers: native ? 2 : 1,
    testTimeout: 120_000,
    hookTimeout: 1_800_000,
  },
});
