/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The contracts' TypeScript source, compiled with the page (its dist/ is CommonJS, for the API in production).
    alias: { '@lead-desk/contracts': fileURLToPath(new URL('../../packages/contracts/src/index.ts', import.meta.url)) },
  },
  // @vapi-ai/web is CommonJS: without this its default import is not the Vapi class under Vite 8.
  legacy: { inconsistentCjsInterop: true },
  build: {
    // Property illustrations stay separate files so they never weigh on the main bundle.
    assetsInlineLimit: 0,
  },
  server: {
    // `pnpm dev` starts the API on PORT: the proxy follows it unless told otherwise.
    proxy: { '/api': process.env.API_PROXY_TARGET ?? `http://localhost:${process.env.PORT ?? 3000}` },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
