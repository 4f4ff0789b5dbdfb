import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractWithoutSchemas, precompress } from './vite-plugins';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = 'http://127.0.0.1:3001';

export default defineConfig({
  root: webRoot,
  plugins: [contractWithoutSchemas(), react(), precompress()],
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
    rolldownOptions: {
      // A zod schema no code uses is dropped: building one has no effect beyond its value (the
      // contract's schemas only type the calls in production: contractWithoutSchemas).
      treeshake: { manualPureFunctions: ['z'] },
    },
  },
});
