// `npm test`: every unit and API integration test (PGlite and PostgreSQL), then the browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
// Vitest's failures scroll far above the browser tests' output: kept in a file, told again at the end.
const vitestReport = path.join(root, '.tmp', 'vitest-report.json');
const steps = [
  ['vitest', ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]],
  ['playwright', ['npx', 'playwright', 'test', '-c', 'apps/web/playwright.config.ts']],
];

/** The failed tests of the vitest run, one line each with the start of their first error. */
function vitestFailures() {
  if (!existsSync(vitestReport)) return ['(no vitest report was written)'];
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  const lines = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) lines.push(`${where} > ${test.fullName}: ${(test.failureMessages?.[0] ?? '').split('\n')[0]}`);
    if (failedTests.length === 0 && file.status === 'failed') lines.push(`${where}: ${(file.message ?? '').split('\n')[0]}`);
  }
  return lines;
}

mkdirSync(path.dirname(vitestReport), { recursive: true });
rmSync(vitestReport, { force: true });
const failed = [];
for (const [name, [command, ...args]] of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) failed.push(name);
}
if (failed.includes('vitest')) console.log(`\nTestes do vitest que falharam:\n${vitestFailures().join('\n')}`);
console.log(failed.length === 0 ? '\nTodos os testes passaram.' : `\nFalharam: ${failed.join(', ')}`);
process.exit(failed.length === 0 ? 0 : 1);
