import { defineConfig } from 'vitest/config';

// The console's fast tests: plain modules, no server and no browser (the end-to-end file has its own config).
export default defineConfig({
  test: { include: ['test/unit/**/*.test.ts'] },
});
