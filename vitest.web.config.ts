// The browser checks (make test-web): the web build in Debian's chromium.
// One file at a time: each drives a browser, which keeps a core busy.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // RATSCREW_CPU_LOG=file: each test file's CPU seconds (docs/testing.md, "Measuring").
    setupFiles: process.env.RATSCREW_CPU_LOG ? ['test/support/cpu-time.ts'] : [],
    include: ['test/web/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 600_000, // a hang guard (docs/testing.md): the stage may run beside another on a loaded machine
    hookTimeout: 900_000,
  },
});
