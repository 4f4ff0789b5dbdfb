// `npm test`: every unit and API integration test (PGlite and PostgreSQL), then the browser tests.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
const steps = [
  ['vitest', ['npx', 'vitest', 'run']],
  ['playwright', ['npx', 'playwright', 'test', '-c', 'apps/web/playwright.config.ts']],
];

const failed = [];
for (const [name, [command, ...args]] of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) failed.push(name);
}
console.log(failed.length === 0 ? '\nTodos os testes passaram.' : `\nFalharam: ${failed.join(', ')}`);
process.exit(failed.length === 0 ? 0 : 1);
