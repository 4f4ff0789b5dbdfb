// Builds the web app and the API bundle when they are missing or older than their sources.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))), stat.mtimeMs);
}

function isStale(output, sources) {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  return built === 0 || sources.some((source) => newestMtime(path.join(root, source)) > built);
}

function run(command, args) {
  execFileSync(command, args, { cwd: root, stdio: 'inherit' });
}

const shared = ['packages/shared/src', 'package-lock.json'];

/** The API bundle only (apps/api/dist), when missing or older than its sources. */
export function buildApiIfNeeded() {
  if (isStale(path.join(root, 'apps/api/dist/main.js'), ['apps/api/src', 'apps/api/build.mjs', 'apps/api/build-pglite-template.mjs', ...shared])) {
    console.log('Construindo a API...');
    run('node', ['apps/api/build.mjs']);
  }
}

export function buildIfNeeded() {
  if (isStale(path.join(root, 'apps/web/dist/index.html'), ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/vite-plugins.ts', 'apps/web/chunk-groups.json', ...shared])) {
    console.log('Construindo o aplicativo web...');
    run('npm', ['run', 'build', '-w', 'apps/web']);
  }
  buildApiIfNeeded();
}
