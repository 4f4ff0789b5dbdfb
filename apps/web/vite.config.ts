import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-plugins';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = 'http://127.0.0.1:3001';

export default defineConfig({
  root: webRoot,
  plugins: [react(), precompress()],
  server: {
    port: 3000,
    strictPort: true,
    proxy: {
      '/v1': apiTarget,
      '/docs': apiTarget,
      '/healthz': apiTarget,
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
});
