// `npm run dev`: the API with tsx watch on 3001 and Vite on 3000 (proxying /v1 to the API).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [];

function start(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (chunk) => chunk.toString().replace(/^(?=.)/gm, `[${name}] `);
  child.stdout.on('data', (chunk) => process.stdout.write(prefix(chunk)));
  child.stderr.on('data', (chunk) => process.stderr.write(prefix(chunk)));
  child.on('exit', (code) => {
    console.log(`[${name}] saiu com código ${code}`);
    for (const other of children) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  children.push(child);
}

start('api', 'npx', ['tsx', 'watch', 'apps/api/src/main.ts'], {
  PORT: '3001',
  HOST: '127.0.0.1',
  NODE_ENV: 'development',
  PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
});
start('web', 'npm', ['run', 'dev', '-w', 'apps/web'], {});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGTERM');
  });
}
