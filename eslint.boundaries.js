// The import boundaries of the API and the web app, checked by eslint-plugin-import-x.
// Each zone reads: files in `target` may not import anything in `from`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import ts from 'typescript';
import noForeignTableWrites from './eslint-rules/no-foreign-table-writes.js';

const root = import.meta.dirname;
const api = 'apps/api/src';
const web = 'apps/web/src';
/** Tables files: imported for reads and foreign keys by any repository or tables file, whatever the module order. */
const tablesFiles = '**/*.tables.ts';

/**
 * The module folders in the order of `apiModules` (apps/api/src/modules/index.ts), read from its
 * imports: the list's identifiers and the folder each is imported from.
 */
function readApiModuleOrder() {
  const file = path.join(root, api, 'modules/index.ts');
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const folderOf = new Map();
  let list;
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const folder = /^\.\/([^/]+)\//.exec(statement.moduleSpecifier.text)?.[1];
      const bindings = statement.importClause?.namedBindings;
      if (folder && bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) folderOf.set(element.name.text, folder);
    }
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === 'apiModules' && declaration.initializer && ts.isArrayLiteralExpression(declaration.initializer)) {
          list = declaration.initializer.elements;
        }
      }
    }
  }
  if (!list) throw new Error(`eslint.boundaries.js: no 'apiModules' array in ${file}`);
  return list.map((element) => {
    const folder = ts.isIdentifier(element) ? folderOf.get(element.text) : undefined;
    if (!folder) throw new Error(`eslint.boundaries.js: '${element.getText(source)}' in apiModules is not imported from a module folder`);
    return folder;
  });
}

/**
 * The API's modules from the bottom up, as `apiModules` lists them: a module may import (the
 * services of) the modules before it, never those after it, so the graph between modules cannot
 * have a cycle. A new module is placed by its line in that list.
 */
export const apiModuleOrder = readApiModuleOrder();

function directoriesIn(relative) {
  return readdirSync(path.join(root, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

function checkModuleOrder(modules) {
  const unplaced = modules.filter((name) => !apiModuleOrder.includes(name));
  if (unplaced.length > 0) throw new Error(`eslint.boundaries.js: list the API module(s) ${unplaced.join(', ')} in apiModules (${api}/modules/index.ts)`);
}

function apiZones() {
  const modules = directoriesIn(`${api}/modules`);
  checkModuleOrder(modules);
  const layers = [
    // Routes parse input, call a service and shape the answer: no repository, no database.
    {
      target: `${api}/modules/*/*.routes.ts`,
      from: `${api}/modules/*/*.repository.ts`,
      message: 'A route imports services only (route -> service -> repository).',
    },
    { target: `${api}/modules/*/*.routes.ts`, from: [`${api}/db`, 'node_modules/drizzle-orm'], message: 'A route never touches the database.' },
    // Services orchestrate; queries belong to repositories (the db client's types for a transaction are allowed).
    {
      target: `${api}/modules/*/!(*.repository|*.tables).ts`,
      from: [`${api}/db/schema.ts`, `${api}/db/migrations`, 'node_modules/drizzle-orm'],
      message: 'Only repositories query the database.',
    },
    // A module's tables are queried by repositories; its manifest lists them.
    {
      target: `${api}/modules/*/!(*.repository|*.tables|*.module).ts`,
      from: `${api}/**/*.tables.ts`,
      message: 'Only repositories query the database: a service asks its repository.',
    },
    // Repositories import the database (the tables of any module, to read and join them) and shared types only.
    {
      target: `${api}/modules/*/*.repository.ts`,
      from: [`${api}/modules/**`, `${api}/platform/**`],
      except: [tablesFiles],
      message: 'A repository imports the database only.',
    },
    // Platform code serves every module and knows none.
    { target: `${api}/platform`, from: `${api}/modules`, message: 'Platform code depends on no module.' },
  ];
  const perModule = modules.flatMap((name) => {
    const later = apiModuleOrder.slice(apiModuleOrder.indexOf(name) + 1).filter((other) => modules.includes(other));
    const others = modules.filter((other) => other !== name);
    return [
      // No module reaches into another module's repository: it calls that module's service.
      {
        target: `${api}/modules/${name}`,
        from: others.map((other) => `${api}/modules/${other}/*.repository.ts`),
        message: `'${name}' calls another module's service, never its repository.`,
      },
      ...(later.length > 0
        ? [
            {
              target: `${api}/modules/${name}`,
              from: later.map((other) => `${api}/modules/${other}/**`),
              except: [tablesFiles],
              message: `'${name}' may import only the modules before it in apiModules (modules/index.ts): no cycles between modules.`,
            },
          ]
        : []),
    ];
  });
  return [...layers, ...perModule];
}


function webZones() {
  const features = directoriesIn(`${web}/features`);
  return [
    // bulletproof-react: a feature never imports another feature; a page in app/ composes them.
    ...features.map((name) => ({
      target: `${web}/features/${name}`,
      from: `${web}/features`,
      except: [`./${name}`],
      message: 'A feature never imports another feature: move the shared piece to components/, lib/ or the shared package.',
    })),
    // Shared pieces know no feature and no route.
    {
      target: [`${web}/components`, `${web}/hooks`, `${web}/lib`],
      from: [`${web}/features`, `${web}/app`],
      message: 'components/, hooks/ and lib/ are shared: they import no feature and no route.',
    },
    { target: `${web}/features`, from: `${web}/app`, message: 'Features do not import the app shell; the app imports features.' },
  ];
}

const sharedZones = [
  // The shared package is used by both sides and imports neither.
  { target: 'packages/shared/src', from: ['apps'], message: 'The shared package imports no app code.' },
];

/**
 * The boundary rules as one flat-config block, for eslint.config.js and for the test that checks them.
 * @type {import('eslint').Linter.Config}
 */
export const boundariesConfig = {
  files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    // no-cycle reads the imported files too: with this parser they may be TypeScript.
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  },
  rules: {
    'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...apiZones(), ...webZones(), ...sharedZones] }],
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
};

/**
 * Only a table's owner writes it (eslint-rules/no-foreign-table-writes.js), in the API's modules
 * and its platform code.
 * @type {import('eslint').Linter.Config}
 */
export const tableOwnershipConfig = {
  files: [`${api}/modules/**/*.ts`, `${api}/platform/**/*.ts`],
  plugins: { consultorio: { rules: { 'no-foreign-table-writes': noForeignTableWrites } } },
  rules: { 'consultorio/no-foreign-table-writes': 'error' },
};
