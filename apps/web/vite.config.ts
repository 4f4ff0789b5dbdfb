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
        // Fewer files per page (issue 34): the server speaks HTTP/1.1, and a phone's browser
        // opens six connections to it, so a page's small chunks wait in turn. The login page's
        // JavaScript (every module the entry imports statically, rolldown's `$initial`) is one
        // chunk instead of a dozen, and the icons outside it one chunk (4 KB gzip) instead of one
        // file per icon. Grouping Mantine's components or the app's shared modules was measured
        // and left out: rolldown cannot tell which page uses a component imported from a
        // package's index, so a group either merged them by the pages that import them
        // (entriesAware: few files less) or made the router's chunk load them all (every page
        // 15-20 KB more). No module is in two chunks (React contexts would split).
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
