import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // test/unit runs without the server (vitest.unit.config.ts).
    exclude: ['test/unit/**', '**/node_modules/**'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    fileParallelism: false,
    // The browser waits on a real server that processes documents; give polls time.
    expect: { poll: { timeout: 20_000, interval: 250 } },
  },
});
