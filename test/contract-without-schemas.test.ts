// The web's production build gets the API contract as `{ method, path }` routes
// (apps/web/vite-plugins.ts), without the zod schemas the client needs only in tests and development.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractModuleWithoutSchemas } from '../apps/web/vite-plugins';

const contractDir = path.resolve(import.meta.dirname, '../packages/shared/src/contract');

function rewritten(name: string): string {
  const file = path.join(contractDir, name);
  return contractModuleWithoutSchemas(readFileSync(file, 'utf8'), file);
}

describe('the contract of the production build', () => {
  it('keeps each route as its method and path, and drops the schemas and their imports', () => {
    const code = rewritten('patients.ts');
    expect(code).toMatch(/list: \{\s*method: 'GET',\s*path: '\/v1\/users\/me\/patients'\s*\}/);
    expect(code).not.toMatch(/defineRoute|response|patientListResponse|schemas\/patients|errors/);
  });

  it('leaves whole a route built from spreads (the chat\'s send routes)', () => {
    const code = rewritten('chats.ts');
    expect(code).toContain('defineRoute({ ...common, path');
    expect(code).toMatch(/get: \{\s*method: 'GET'/);
  });
});
