import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API the dev server proxies to (`npm run dev` beside `make run`). */
const api = process.env.SERVICE_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  // Each page is a lazily loaded chunk (src/routes.tsx); the manifest lets `npm run size` and the
  // tests measure what the first page downloads.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 600 },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/openapi.json', '/health', '/docs', '/guides', '/.well-known'].map((p) => [p, api]),
    ),
  },
});
