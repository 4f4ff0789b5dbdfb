import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import chunkGroups from './chunk-groups.json' with { type: 'json' };
import { checkChunks, contractWithoutSchemas, mantineIdFromReact, pagePreloads, precompress, reactRouterProductionBuild, scrollAreaMergeRefs } from './vite-plugins.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const apiTarget = 'http://127.0.0.1:3001';

/**
 * The chunk of each shared module (absolute path), from chunk-groups.json: `node
 * scripts/chunk-groups.mjs` writes it from a build that ignores it (WEB_CHUNK_GROUPS=automatic).
 */
const chunkOfModule: ReadonlyMap<string, string> | undefined =
  process.env.WEB_CHUNK_GROUPS === 'automatic'
    ? undefined
    : new Map(Object.entries(chunkGroups).flatMap(([chunk, modules]) => modules.map((module) => [path.join(repoRoot, module), chunk] as const)));

export default defineConfig({
  root: webRoot,
  plugins: [reactRouterProductionBuild(), mantineIdFromReact(), scrollAreaMergeRefs(), contractWithoutSchemas(), react(), pagePreloads(), precompress(), checkChunks(chunkOfModule && new Set(chunkOfModule.keys()))],
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
      // contract's schemas only type the calls in production: contractWithoutSchemas). The shared
      // package's schema builders (schemas/common.ts, dates.ts, users.ts) say the same of
      // themselves with `#__NO_SIDE_EFFECTS__`: an unused `envelope(z.object({ …, patient }))`
      // otherwise kept the patient's schema, its phone rules and libphonenumber in every patient tab.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // Fewer files per page (issue 34): the server speaks HTTP/1.1 and a phone's browser
        // opens six connections to it, so a page's small chunks wait in turn. The login page's
        // JavaScript (every module the entry imports statically: rolldown's `$initial`) is one
        // chunk instead of a dozen, the icons outside it one chunk (4 KB gzip) instead of one
        // file per icon, and the other shared modules go to the chunks chunk-groups.json names.
        // Those were chosen from a first build's chunks (scripts/chunk-groups.mjs), because a
        // group's functions see the graph before tree-shaking, where any module importing
        // '@mantine/core' reaches every component; for the same reason a group takes no
        // dependencies along (`includeDependenciesRecursively: false`), and a module the file
        // does not name is left to the automatic split. No module may be in two chunks (React
        // contexts would split) and no chunks may import each other in a circle: checkChunks.
        codeSplitting: {
          groups: [
            { name: 'first-load', tags: ['$initial'], priority: 2 },
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/, priority: 1 },
            { name: (moduleId) => chunkOfModule?.get(moduleId) ?? null, debugName: 'chunk-groups.json', includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
