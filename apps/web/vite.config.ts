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
      output: {
        // Fewer files per page (issue 34): the server speaks HTTP/1.1 and a phone's browser
        // opens six connections to it, so a page's small chunks wait in turn. The login page's
        // JavaScript (every module the entry imports statically: rolldown's `$initial`) is one
        // chunk instead of a dozen, and the icons outside it one chunk (4 KB gzip) instead of one
        // file per icon. Mantine's components and the app's shared modules are left to the
        // automatic split: a group's functions see the graph before tree-shaking, where any
        // module importing '@mantine/core' reaches every component, and a chunk of those that
        // many pages share costs the booking page and the portal 20 KB more (docs/decisions.md,
        // issue 34). No module may be in two chunks (React contexts would split).
        codeSplitting: {
          groups: [
            { name: 'first-load', tags: ['$initial'], priority: 2 },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
