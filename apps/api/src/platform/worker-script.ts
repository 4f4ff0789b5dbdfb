import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const scripts = new Map<string, Promise<string>>();

async function bundleFromSource(name: string, source: URL): Promise<string> {
  const { build } = await import('esbuild');
  const cacheDir = fileURLToPath(new URL('../../node_modules/.cache/consultorio/', import.meta.url));
  await mkdir(cacheDir, { recursive: true });
  const target = `${cacheDir}${name}.mjs`;
  const partial = `${target}.${process.pid}.${Date.now()}.partial.mjs`;
  await build({
    entryPoints: [fileURLToPath(source)],
    outfile: partial,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    // As in build.mjs: the shared package is TypeScript, bundled in rather than imported.
    alias: { '@consultorio/shared': fileURLToPath(new URL('../../../../packages/shared/src/index.ts', import.meta.url)) },
    logLevel: 'warning',
  });
  // Several test processes may build it at once: each writes its own file, then renames.
  await rename(partial, target);
  return target;
}

/**
 * The script of a worker thread: `<name>.js`, built beside main.js in dist/ (build.mjs), or
 * bundled from its TypeScript `source` on first use (tests, `npm run dev`). Once per process.
 */
export function workerScript(name: string, source: URL): Promise<string> {
  const built = fileURLToPath(new URL(`./${name}.js`, import.meta.url));
  let script = scripts.get(name);
  if (!script) {
    script = existsSync(built) ? Promise.resolve(built) : bundleFromSource(name, source);
    scripts.set(name, script);
  }
  return script;
}
