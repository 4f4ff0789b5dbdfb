// Loaded with `node --import` by the memory bench: on SIGUSR2 it appends one JSON line to
// MEMORY_PROBE_FILE with process.memoryUsage() and the size of every WebAssembly memory alive
// (PGlite's linear memory), which the bench cannot read from outside the process.
import { appendFileSync } from 'node:fs';

const memories = [];
const OriginalMemory = WebAssembly.Memory;
WebAssembly.Memory = new Proxy(OriginalMemory, {
  construct(target, args, newTarget) {
    const memory = Reflect.construct(target, args, newTarget === WebAssembly.Memory ? target : newTarget);
    memories.push(new WeakRef(memory));
    return memory;
  },
});

function wasmMemoryBytes() {
  return memories.map((ref) => ref.deref()?.buffer.byteLength).filter((bytes) => bytes !== undefined);
}

process.on('SIGUSR2', () => {
  const snapshot = { ...process.memoryUsage(), wasm: wasmMemoryBytes() };
  appendFileSync(process.env.MEMORY_PROBE_FILE, `${JSON.stringify(snapshot)}\n`);
});
