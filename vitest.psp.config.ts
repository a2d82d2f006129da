// The PSP checks (make test-psp): the EBOOT in PPSSPP. One emulator at a
// time: each keeps both cores busy.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/psp/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 1_800_000,
  },
});
