// Types of page-modules.mjs, for the web build (vite-plugins.ts).

export function pageModuleSpecifiers(): Array<{ name: string; specifier: string }>;
