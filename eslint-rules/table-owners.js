// Which module owns each table: the module whose `<module>.tables.ts` defines it (or the
// platform, for `platform/<area>/<area>.tables.ts`). Read by the lint rule that keeps writes
// with the owner, and by the test that keeps docs/architecture.md's table of owners complete.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const api = 'apps/api/src';

/** Every tables file under `root`, with its owner: a module's name, or 'platform'. */
export function tablesFiles(root) {
  const inFolders = (relative, owner) =>
    readdirSync(path.join(root, relative), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(path.join(root, relative, entry.name, `${entry.name}.tables.ts`)))
      .map((entry) => ({ owner: owner ?? entry.name, file: path.join(root, relative, entry.name, `${entry.name}.tables.ts`) }));
  return [...inFolders(`${api}/modules`), ...inFolders(`${api}/platform`, 'platform')];
}

/** The tables a file defines (`export const name = pgTable('sql_name', …)`), by exported name. */
function tablesDefinedIn(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const tables = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const call = declaration.initializer;
      if (!call || !ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== 'pgTable') continue;
      const [name] = call.arguments;
      if (ts.isIdentifier(declaration.name) && name && ts.isStringLiteral(name)) tables.push({ exportName: declaration.name.text, table: name.text });
    }
  }
  return tables;
}

/** Every table of the schema by its exported name: its SQL name, its owner and the file that defines it. */
export function readTableOwners(root) {
  const owners = new Map();
  for (const { owner, file } of tablesFiles(root)) {
    for (const { exportName, table } of tablesDefinedIn(file)) owners.set(exportName, { table, owner, file });
  }
  return owners;
}
