import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './compress-plugin';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    // The API runs on :8080 in development; in production it serves web/dist itself (same origin).
    proxy: { '/_/': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
