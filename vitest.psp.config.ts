// The PSP checks (make test-psp): the EBOOT in PPSSPP. PPSSPP's native
// emulator (PPSSPP_HEADLESS) keeps about one core busy, so two test files run
// side by side, one's emulator beside the other's builds; PPSSPP in Chromium
// keeps both cores busy: one file at a time.
import { defineConfig } from 'vitest/config';

const native = !!process.env.PPSSPP_HEADLESS;

export default defineConfig({
  test: {
    // RATSCREW_CPU_LOG=file: each test file's CPU seconds (docs/testing.md, "Measuring").
    setupFiles: process.env.RATSCREW_CPU_LOG ? ['test/support/cpu-time.ts'] : [],
    include: ['test/psp/**/*.test.ts'],
    fileParallelism: native,
    maxWorkers: native ? 2 : 1,
    testTimeout: 600_000, // a hang guard (docs/testing.md): the stage may run beside another on a loaded machine
    hookTimeout: 1_800_000,
  },
});
