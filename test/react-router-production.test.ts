// The web's production build takes React Router's production files (apps/web/vite-plugins.ts):
// its package resolves every condition to the development build.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reactRouterProductionBuild } from '../apps/web/vite-plugins';

const webRequire = createRequire(path.resolve(import.meta.dirname, '../apps/web/package.json'));

type ResolveId = (this: unknown, source: string, importer: string | undefined, options: object) => Promise<{ id: string } | null>;

/** The plugin's resolveId with the bundler's own resolution given by `resolve`; errors thrown. */
function resolveWith(resolve: (source: string) => string | null) {
  const hook = reactRouterProductionBuild().resolveId as unknown as ResolveId;
  const context = {
    resolve: async (source: string) => {
      const id = resolve(source);
      return id === null ? null : { id };
    },
    error: (message: string) => {
      throw new Error(message);
    },
  };
  return (source: string) => hook.call(context, source, '/app/src/main.tsx', {});
}

/** The development-warnings switches in the chunks a file imports. */
function developmentWarningsFlags(file: string): string[] {
  const chunks = [...readFileSync(file, 'utf8').matchAll(/from "(\.\/chunk-[\w-]+\.mjs)"/g)].map((match) => path.join(path.dirname(file), match[1]!));
  return chunks.flatMap((chunk) => readFileSync(chunk, 'utf8').match(/var ENABLE_DEV_WARNINGS = \w+;/g) ?? []);
}

describe("React Router's production build", () => {
  const nodeResolution = (source: string) => webRequire.resolve(source).replace(/\.js$/, '.mjs');

  it('replaces the development files the package resolves to, and they differ only in the development warnings', async () => {
    const resolveId = resolveWith(nodeResolution);
    const flags: string[] = [];
    for (const source of ['react-router', 'react-router/dom']) {
      const development = nodeResolution(source);
      expect(development).toMatch(/[\\/]dist[\\/]development[\\/]/);
      const production = (await resolveId(source))!.id;
      expect(production).toBe(development.replace(`${path.sep}development${path.sep}`, `${path.sep}production${path.sep}`));
      flags.push(...developmentWarningsFlags(production));
    }
    expect(flags.length).toBeGreaterThan(0);
    expect(new Set(flags)).toEqual(new Set(['var ENABLE_DEV_WARNINGS = false;']));
  });

  it('leaves other modules alone, and fails the build when the production files are not found', async () => {
    expect(await resolveWith(nodeResolution)('react')).toBeNull();
    await expect(resolveWith(() => '/elsewhere/react-router/index.mjs')('react-router')).rejects.toThrow(/production build of react-router was not found/);
    await expect(resolveWith(() => null)('react-router/dom')).rejects.toThrow(/not found/);
  });
});
