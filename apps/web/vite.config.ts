/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
