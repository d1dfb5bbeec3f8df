import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The console's fast tests, no server and no browser: plain modules, and pages rendered in jsdom
// against a client with canned answers (test/unit/support/render.tsx). The end-to-end file, against
// a real server in Chromium, has its own config.
export default defineConfig({
  plugins: [react()],
  // A page test types into forms through user-event, which takes seconds in jsdom on a loaded
  // 2-core machine: the default 5 s failed a passing test there.
  test: { include: ['test/unit/**/*.test.{ts,tsx}'], testTimeout: 20_000 },
});
