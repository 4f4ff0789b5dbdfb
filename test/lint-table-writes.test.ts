// Each fixture is linted as if it stood at the path its first line names, with only the rule
// that keeps each table's writes with its owner (eslint-rules/no-foreign-table-writes.js); its
// second line is the message that rule must report, or 'none'.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { tableOwnershipConfig } from '../eslint.boundaries.js';

const root = path.resolve(import.meta.dirname, '..');
const fixturesDir = path.join(import.meta.dirname, 'fixtures/table-writes');

const fixtures = readdirSync(fixturesDir)
  .filter((name) => name.endsWith('.ts.txt'))
  .map((name) => {
    const code = readFileSync(path.join(fixturesDir, name), 'utf8');
    const [lintAs, expected] = code.split('\n', 2).map((line) => line.replace(/^\/\/ [a-z-]+: /, '').trim());
    return { name, lintAs: lintAs!, expected: expected!, code };
  });

const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ ...tableOwnershipConfig, languageOptions: { parser: tseslint.parser } }],
});

describe('only the module that owns a table writes it', () => {
  it('has fixtures of writes caught and of reads allowed', () => {
    expect(fixtures.filter((fixture) => fixture.expected === 'none').length).toBeGreaterThan(0);
    expect(fixtures.filter((fixture) => fixture.expected !== 'none').length).toBeGreaterThanOrEqual(5);
  });

  it.each(fixtures.map((fixture) => [fixture.name, fixture] as const))('%s', async (_name, fixture) => {
    const [result] = await eslint.lintText(fixture.code, { filePath: path.join(root, fixture.lintAs) });
    expect(result!.messages.filter((message) => message.fatal), `${fixture.name} must parse`).toEqual([]);
    const reported = result!.messages.map((message) => message.message);
    expect(reported).toEqual(fixture.expected === 'none' ? [] : [fixture.expected]);
  });
});
