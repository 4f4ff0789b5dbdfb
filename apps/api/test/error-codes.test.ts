// Each module declares the error codes it answers with in its own `<m>.errors.ts` (issue 27): a
// code has one owner in the whole API, and every code the source throws is declared somewhere.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiModules } from '../src/modules';
import { declaredErrors, errorCatalogOf, platformErrors } from '../src/platform/errors';

const sourceRoot = join(import.meta.dirname, '../src');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The codes the source answers with: those given to `AppError` and the platform's own failures. */
function codesInSource(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sourceFiles(sourceRoot)) {
    const text = readFileSync(file, 'utf8');
    const calls = text.matchAll(/(?:new AppError|platformFailure)\(([^;{]*?)\)[;,\s]/g);
    const literals = [...calls].flatMap((call) => [...call[1]!.matchAll(/'([A-Z][A-Z0-9_]+)'/g)].map((match) => match[1]!));
    const envelopes = [...text.matchAll(/\bcode: '([A-Z][A-Z0-9_]+)'/g)].map((match) => match[1]!);
    for (const code of [...literals, ...envelopes]) found.set(code, file.slice(sourceRoot.length + 1));
  }
  return found;
}

describe('error codes declared by their modules', () => {
  it('refuses a code declared by two modules, naming both', () => {
    const twice = [
      { name: 'agenda', errors: { SLOT_GONE: { status: 409, message: 'a' } } },
      { name: 'booking', errors: { SLOT_GONE: { status: 409, message: 'b' } } },
    ];
    expect(() => errorCatalogOf(twice)).toThrow('error code SLOT_GONE is declared by both agenda and booking');
    expect(() => errorCatalogOf([{ name: 'tax', errors: { VALIDATION: { status: 400, message: 'x' } } }])).toThrow(
      'error code VALIDATION is declared by both platform and tax',
    );
    expect(errorCatalogOf([twice[0]!]).get('SLOT_GONE')).toEqual({ owner: 'agenda', status: 409, message: 'a' });
  });

  it('has no code declared twice among the real modules, and registers them all', () => {
    const catalog = errorCatalogOf(apiModules);
    expect(declaredErrors()).toEqual(catalog);
    const declared = apiModules.reduce((count, module) => count + Object.keys(module.errors ?? {}).length, Object.keys(platformErrors).length);
    expect(catalog.size).toBe(declared);
    expect(catalog.get('RECORD_VERSION_CONFLICT')).toMatchObject({ owner: 'records', status: 409 });
    expect(catalog.get('APPOINTMENT_OVERLAP')).toMatchObject({ owner: 'agenda', status: 409 });
    expect(catalog.get('VALIDATION')).toMatchObject({ owner: 'platform', status: 400 });
  });

  it('keeps only generic codes in the platform, none of a module', () => {
    expect(Object.keys(platformErrors).sort()).toEqual([
      ...['AI_TIMEOUT', 'AI_UNAVAILABLE', 'ATTACHMENTS_MISSING', 'ATTACHMENT_TOO_LARGE', 'BODY_TOO_LARGE', 'DATABASE_UNAVAILABLE'],
      ...['FILE_MISSING', 'FILE_TOO_LARGE', 'FILE_TYPE_IMAGE', 'INTERNAL', 'INVALID_JSON', 'METRICS_UNAUTHORIZED', 'MIGRATIONS_PENDING'],
      ...['NOT_FOUND', 'ROUTE_NOT_FOUND', 'SERVICE_UNAVAILABLE', 'SHUTTING_DOWN', 'TOO_MANY_ATTACHMENTS', 'TOO_MANY_REQUESTS'],
      ...['UNAUTHORIZED', 'UNSUPPORTED_MEDIA_TYPE', 'VALIDATION'],
    ]);
  });

  it('declares every code the source answers with', () => {
    const catalog = errorCatalogOf(apiModules);
    const thrown = codesInSource();
    expect(thrown.size).toBeGreaterThan(100);
    const undeclared = [...thrown].filter(([code]) => !catalog.has(code)).map(([code, file]) => `${code} (${file})`);
    expect(undeclared).toEqual([]);
  });
});
