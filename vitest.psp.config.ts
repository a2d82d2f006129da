// The PSP checks (make test-psp): the EBOOT in PPSSPP. One emulator at a
// time: each keeps both cores busy.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // RATSCREW_CPU_LOG=file: each test file's CPU seconds (docs/testing.md, "Measuring").
    setupFiles: process.env.RATSCREW_CPU_LOG ? ['test/support/cpu-time.ts'] : [],
    include: ['test/psp/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 1_800_000,
  },
});
