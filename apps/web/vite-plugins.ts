// Build steps of the web app beyond Vite's own: Brotli and gzip copies of every text file (the
// server sends them by Accept-Encoding), and the size of the JavaScript the login page loads
// (printed at the end of the build, which fails above its budget of 120 KB gzip).
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';
import { describeFirstLoad, firstLoadJs } from '../../scripts/first-load.mjs';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const textFile = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `name.br` (quality 11) and `name.gz` (level 9) beside every text file of the build, so
 * the server never compresses a static file on the fly. A copy that would not be smaller is not
 * written (the server then sends the file as it is).
 */
export function precompress(): Plugin {
  let outDir = '';
  let config: ResolvedConfig;
  return {
    name: 'consultorio:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => textFile.test(file));
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gz(bytes, { level: 9 }),
          ]);
          if (br.length < bytes.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < bytes.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
      await checkFirstLoad(outDir, config);
    },
  };
}

/**
 * Prints the login page's JavaScript size; above the budget the build fails, and its
 * index.html is removed so that nothing serves it or takes the output for a fresh build.
 */
async function checkFirstLoad(outDir: string, config: ResolvedConfig): Promise<void> {
  const firstLoad = firstLoadJs(outDir);
  const description = describeFirstLoad(firstLoad);
  if (!firstLoad.isOverBudget) {
    config.logger.info(description);
    return;
  }
  await Promise.all(['index.html', 'index.html.gz', 'index.html.br'].map((file) => rm(path.join(outDir, file), { force: true })));
  throw new Error(`${description}. See "Login page size" in docs/decisions.md for what keeps it small.`);
}
