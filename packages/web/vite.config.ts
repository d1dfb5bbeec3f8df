import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** The API the dev server proxies to (`npm run dev` beside `make run`). */
const api = process.env.SERVICE_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // Each text file also as .br and .gz (Brotli at its best quality, once at build time): the
  // server sends them to browsers that accept them (preCompressed, packages/server/src/console/static.ts).
  plugins: [react(), compression({ threshold: 1024 })],
  // Each page is a lazily loaded chunk (src/routes.tsx); the manifest lets `npm run size` and the
  // tests measure what the first page downloads.
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 600 },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/openapi.json', '/health', '/docs', '/guides', '/.well-known'].map((p) => [p, api]),
    ),
  },
});
