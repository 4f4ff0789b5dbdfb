// `npm start`: builds what is not built yet, then serves the web app and the API on one port.
import { buildIfNeeded } from './build-if-needed.mjs';

// glibc's malloc keeps what V8's compilers free (their zones, some 8-32 KB blocks each) as holes
// in its arenas, pinned by the few long-lived blocks among them: 35-50 MB of an idle server's
// RSS. Blocks from 16 KB up get a mapping of their own, given back when freed
// (docs/decisions.md, "Memory, second part"). The variable is read when the process starts, so
// the script runs again in its place with it set (same pid, same options).
if (process.platform === 'linux' && process.env.MALLOC_MMAP_THRESHOLD_ === undefined) {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], { ...process.env, MALLOC_MMAP_THRESHOLD_: '16384' });
}

buildIfNeeded();
await import('../apps/api/dist/main.js');
