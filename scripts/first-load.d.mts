// Types of first-load.mjs, for the web build (vite-plugins.ts) and its test.

export const FIRST_LOAD_BUDGET_BYTES: number;
export interface FirstLoad {
  files: Array<{ file: string; gzipBytes: number }>;
  gzipBytes: number;
  isOverBudget: boolean;
}
export function firstLoadJs(distDir: string): FirstLoad;
export function describeFirstLoad(firstLoad: FirstLoad): string;
