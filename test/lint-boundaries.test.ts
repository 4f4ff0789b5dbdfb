// Each fixture is linted as if it stood at the path its first line names, with only the
// boundary rules of eslint.boundaries.js; its second line names the rule that must report it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { boundariesConfig } from '../eslint.boundaries.js';

const root = path.resolve(import.meta.dirname, '..');
const fixturesDir = path.join(import.meta.dirname, 'fixtures/boundaries');

interface Fixture {
  name: string;
  lintAs: string;
  expected: string;
  code: string;
}

function readFixture(name: string): Fixture {
  const code = readFileSync(path.join(fixturesDir, name), 'utf8');
  const [lintAs, expected] = code.split('\n', 2).map((line) => line.replace(/^\/\/ [a-z-]+: /, '').trim());
  return { name, lintAs: lintAs!, expected: expected!, code };
}

const fixtures = readdirSync(fixturesDir)
  .filter((name) => name.endsWith('.ts.txt'))
  .map(readFixture);

const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ ...boundariesConfig, languageOptions: { parser: tseslint.parser } }],
});

async function boundaryRulesReported(fixture: Fixture): Promise<string[]> {
  const [result] = await eslint.lintText(fixture.code, { filePath: path.join(root, fixture.lintAs) });
  const fatal = result!.messages.filter((message) => message.fatal);
  expect(fatal, `${fixture.name} must parse`).toEqual([]);
  return result!.messages.map((message) => message.ruleId ?? '');
}

describe('the boundary rules of eslint.boundaries.js', () => {
  it('has a fixture for every kind of boundary', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(13);
  });

  it.each(fixtures.map((fixture) => [fixture.name, fixture] as const))('%s', async (_name, fixture) => {
    const reported = await boundaryRulesReported(fixture);
    if (fixture.expected === 'none') expect(reported).toEqual([]);
    else expect(reported).toContain(fixture.expected);
  });
});
