import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './compress-plugin';
import { fieldServiceWorker } from './field-pwa';

const page = (name: string) => fileURLToPath(new URL(`./${name}`, import.meta.url));

export default defineConfig({
  plugins: [react(), fieldServiceWorker(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Two pages: the back office (index.html) and the crew's phone app (field.html, issue 21).
    rollupOptions: { input: { index: page('index.html'), field: page('field.html') } },
  },
  server: {
    // The API runs on :8080 in development; in production it serves web/dist itself (same origin).
    proxy: { '/_/': { target: 'http://127.0.0.1:8080', changeOrigin: false } },
  },
});
