// Types of first-load.mjs, for the web build (vite-plugins.ts).

export const FIRST_LOAD_BUDGET_BYTES: number;
export function firstLoadJs(distDir: string): { files: Array<{ file: string; gzipBytes: number }>; gzipBytes: number };
export function describeFirstLoad(distDir: string): string;
