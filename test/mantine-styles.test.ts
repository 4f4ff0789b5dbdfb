// The web app imports Mantine's stylesheet by component, not whole (issue 34): the first load's
// `public-styles.ts` lists the files of every Mantine component the login page and its
// neighbours use, and each layout's CSS file the files its pages need beyond those, each list in
// the order of '@mantine/core/styles.css'. A missing file would silently leave a component
// unstyled, so the lists are derived here from the sources and the package itself, and must
// match exactly.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const webDir = path.resolve('apps/web');
const webSrc = path.join(webDir, 'src');
const pageModulesFile = path.join(webSrc, 'app/page-modules.ts');
const requireFromWeb = createRequire(path.join(webDir, 'package.json'));

/**
 * Each stylesheet and the layout whose pages it serves (the router's children of that layout, and
 * the layout itself). The first one is in the first load (main.tsx): it serves everything
 * main.tsx reaches and the pages of neither layout, and every page has its files, so the
 * layouts' stylesheets leave them out.
 */
const firstLoadStylesheet = 'app/public-styles.ts';
const stylesheets = [
  { file: firstLoadStylesheet, layout: undefined },
  { file: 'app/patient-styles.css', layout: 'publicFormLayout' },
  { file: 'app/app-styles.css', layout: 'authenticatedLayout' },
] as const;

/** The global files MantineProvider's own elements and every component rely on. */
const coreGlobalFiles = ['baseline', 'default-css-variables', 'global'];

interface ModuleImport {
  specifier: string;
  /** Imported or re-exported names; 'all' for a namespace, `export *` or `import()`; [] for a side effect. */
  names: string[] | 'all';
  dynamic: boolean;
}

// ---------------------------------------------------------------------------------------------
// Parsing (TypeScript's parser, for the app's sources and Mantine's ES modules alike)

const parsed = new Map<string, ts.SourceFile>();
function parse(file: string): ts.SourceFile {
  const known = parsed.get(file);
  if (known) return known;
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, kind);
  parsed.set(file, source);
  return source;
}

function importedNames(clause: ts.ImportClause): string[] | 'all' {
  const names: string[] = clause.name ? ['default'] : [];
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) return 'all';
  for (const element of bindings?.elements ?? []) if (!element.isTypeOnly) names.push((element.propertyName ?? element.name).text);
  return names;
}

function staticImport(statement: ts.Statement): ModuleImport | undefined {
  if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
    const clause = statement.importClause;
    if (!clause) return { specifier: statement.moduleSpecifier.text, names: [], dynamic: false };
    const names = clause.isTypeOnly ? [] : importedNames(clause);
    // Only types imported: the import is erased.
    return names.length === 0 ? undefined : { specifier: statement.moduleSpecifier.text, names, dynamic: false };
  }
  if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) && !statement.isTypeOnly) {
    const clause = statement.exportClause;
    if (!clause || ts.isNamespaceExport(clause)) return { specifier: statement.moduleSpecifier.text, names: 'all', dynamic: false };
    const names = clause.elements.filter((element) => !element.isTypeOnly).map((element) => (element.propertyName ?? element.name).text);
    return names.length === 0 ? undefined : { specifier: statement.moduleSpecifier.text, names, dynamic: false };
  }
  return undefined;
}

function dynamicImports(node: ts.Node, found: ModuleImport[]): void {
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
    const [argument] = node.arguments;
    if (argument && ts.isStringLiteral(argument)) found.push({ specifier: argument.text, names: 'all', dynamic: true });
  }
  ts.forEachChild(node, (child) => dynamicImports(child, found));
}

const importsCache = new Map<string, ModuleImport[]>();
function importsOf(file: string): ModuleImport[] {
  const cached = importsCache.get(file);
  if (cached) return cached;
  const source = parse(file);
  const found: ModuleImport[] = [];
  for (const statement of source.statements) {
    const imported = staticImport(statement);
    if (imported) found.push(imported);
  }
  dynamicImports(source, found);
  importsCache.set(file, found);
  return found;
}

// ---------------------------------------------------------------------------------------------
// The app's side: which Mantine names a set of pages imports, and which stylesheets it imports

function resolveAppFile(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((candidate) => existsSync(candidate) && !candidate.endsWith('/') && /\.tsx?$/.test(candidate));
}

interface AppUsage {
  /** '@mantine/core' → the names imported from it. */
  mantineNames: Map<string, Set<string>>;
  /** Every '@mantine/…css' import, in the order the files were reached. */
  mantineCss: Set<string>;
  /** Every CSS file of the app imported, as a path under apps/web/src. */
  appCss: Set<string>;
}

/** Walks the app's modules from `roots`, static and dynamic imports, but not into the page modules' table. */
function appUsage(roots: string[]): AppUsage {
  const usage: AppUsage = { mantineNames: new Map(), mantineCss: new Set(), appCss: new Set() };
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const { specifier, names, dynamic } of importsOf(file)) {
      if (specifier.startsWith('.') && specifier.endsWith('.css')) {
        usage.appCss.add(path.relative(webSrc, path.resolve(path.dirname(file), specifier)));
      } else if (specifier.startsWith('.')) {
        if (dynamic && file === pageModulesFile) continue;
        const target = resolveAppFile(file, specifier);
        if (target) visit(target);
      } else if (specifier.startsWith('@mantine/') && specifier.endsWith('.css')) {
        usage.mantineCss.add(specifier);
      } else if (/^@mantine\/[^/]+$/.test(specifier)) {
        const used = usage.mantineNames.get(specifier) ?? new Set<string>();
        if (names === 'all') throw new Error(`${file}: import named Mantine exports, not all of '${specifier}'`);
        names.forEach((name) => used.add(name));
        usage.mantineNames.set(specifier, used);
      }
    }
  };
  roots.forEach(visit);
  return usage;
}

/** `pageModules`' keys and the file each one imports. */
function pageModuleFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
      const found: ModuleImport[] = [];
      dynamicImports(node.initializer, found);
      const [imported] = found;
      const target = imported && resolveAppFile(pageModulesFile, imported.specifier);
      if (target) files.set(node.name.text, target);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(pageModulesFile));
  return files;
}

/** The side-effect imports of a stylesheet module, or the `@import`s of a CSS file, in order. */
function listedStyles(file: string): string[] {
  if (file.endsWith('.css')) {
    const rules = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    return [...rules.matchAll(/@import\s+'([^']+)';/g)].map((match) => match[1] ?? '');
  }
  return importsOf(file)
    .filter((imported) => !imported.dynamic && imported.names.length === 0)
    .map((imported) => imported.specifier);
}

// ---------------------------------------------------------------------------------------------
// Mantine's side: from a named export to the CSS files of every component module it reaches

function packageRoot(name: string): string {
  let dir = path.dirname(requireFromWeb.resolve(name));
  while (!existsSync(path.join(dir, 'package.json')) || JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')).name !== name) {
    dir = path.dirname(dir);
  }
  return dir;
}

/** The files a module's export `name` comes from (following re-exports and `export *`). */
function exportSources(file: string, name: string, seen = new Set<string>()): string[] {
  if (seen.has(`${file}#${name}`)) return [];
  seen.add(`${file}#${name}`);
  const source = parse(file);
  const localImports = new Map<string, { specifier: string; imported: string }>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (statement.importClause?.name) localImports.set(statement.importClause.name.text, { specifier: statement.moduleSpecifier.text, imported: 'default' });
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) {
        localImports.set(element.name.text, { specifier: statement.moduleSpecifier.text, imported: (element.propertyName ?? element.name).text });
      }
    }
  }
  const relative = (specifier: string) => (specifier.startsWith('.') ? [path.resolve(path.dirname(file), specifier)] : []);
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement)) continue;
    const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
    const clause = statement.exportClause;
    if (!clause && from) {
      const found = relative(from).flatMap((target) => exportSources(target, name, seen));
      if (found.length > 0) return found;
      continue;
    }
    if (!clause || !ts.isNamedExports(clause)) continue;
    const element = clause.elements.find((candidate) => candidate.name.text === name);
    if (!element) continue;
    const local = (element.propertyName ?? element.name).text;
    if (from) return relative(from).flatMap((target) => [target, ...exportSources(target, local, seen)]);
    const imported = localImports.get(local);
    return imported ? relative(imported.specifier) : [file];
  }
  return [file];
}

const packageIndexes = new Map<string, string>();
function packageIndex(name: string): string {
  const known = packageIndexes.get(name);
  if (known) return known;
  const index = path.join(packageRoot(name), 'esm/index.mjs');
  packageIndexes.set(name, index);
  return index;
}

interface StyleModule {
  packageName: string;
  /** 'Button' for esm/components/Button/Button.module.mjs: its CSS is styles/Button.css. */
  component: string;
}

/** Every `*.module.mjs` (a component's class names, one per CSS file) the named exports reach. */
function styleModulesOf(mantineNames: Map<string, Set<string>>): StyleModule[] {
  const found = new Map<string, StyleModule>();
  const seen = new Set<string>();
  const visit = (file: string, packageName: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const moduleMatch = /([^/]+)\.module\.mjs$/.exec(file);
    if (moduleMatch?.[1]) found.set(`${packageName}/${moduleMatch[1]}`, { packageName, component: moduleMatch[1] });
    for (const { specifier, names } of importsOf(file)) {
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), specifier), packageName);
      else if (/^@mantine\/[^/]+$/.test(specifier)) visitNames(specifier, names === 'all' ? [] : names);
    }
  };
  const visitNames = (packageName: string, names: Iterable<string>) => {
    for (const name of names) exportSources(packageIndex(packageName), name).forEach((file) => visit(file, packageName));
  };
  for (const [packageName, names] of mantineNames) visitNames(packageName, names);
  return [...found.values()];
}

/** '@mantine/core/styles/X.css' in the order of the package's styles.css (the order its rules win ties in). */
function coreStylesInOrder(): string[] {
  const root = packageRoot('@mantine/core');
  const whole = readFileSync(path.join(root, 'styles.css'), 'utf8');
  return readdirSync(path.join(root, 'styles'))
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => ({ file, at: whole.indexOf(readFileSync(path.join(root, 'styles', file), 'utf8').trim()) }))
    .sort((a, b) => a.at - b.at)
    .map(({ file }) => `@mantine/core/styles/${file}`);
}

/** The core files a set of pages needs, in styles.css's order, and the other packages' whole stylesheets. */
function requiredStyles(usage: AppUsage): { core: string[]; otherPackages: string[] } {
  const modules = styleModulesOf(usage.mantineNames);
  const coreNeeded = new Set(modules.filter((module) => module.packageName === '@mantine/core').map((module) => module.component));
  if (usage.mantineNames.has('@mantine/core')) coreGlobalFiles.forEach((file) => coreNeeded.add(file));
  const core = coreStylesInOrder().filter((file) => coreNeeded.has(path.basename(file, '.css')));
  const otherPackages = [...new Set(modules.filter((module) => module.packageName !== '@mantine/core').map((module) => `${module.packageName}/styles.css`))];
  return { core, otherPackages };
}

// ---------------------------------------------------------------------------------------------

/** The page modules (keys of `pageModules`) router.tsx draws inside each layout, the layout's own included. */
function pagesByLayout(): Map<string, Set<string>> {
  const layouts = new Map<string, Set<string>>();
  const pageModuleKeys = (node: ts.Node, found: Set<string>) => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'pageModules') found.add(node.name.text);
    ts.forEachChild(node, (child) => pageModuleKeys(child, found));
  };
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const property = (name: string) => node.properties.find((candidate) => ts.isPropertyAssignment(candidate) && ts.isIdentifier(candidate.name) && candidate.name.text === name);
      const lazy = property('lazy');
      const children = property('children');
      if (lazy && children) {
        const loaded = new Set<string>();
        pageModuleKeys(lazy, loaded);
        const [layout] = loaded;
        if (layout) {
          const pages = new Set<string>([layout]);
          pageModuleKeys(children, pages);
          layouts.set(layout, pages);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(path.join(webSrc, 'app/router.tsx')));
  return layouts;
}

function usageOf(stylesheet: (typeof stylesheets)[number], pages: Map<string, string>, layouts: Map<string, Set<string>>): AppUsage {
  const inLayouts = new Set([...layouts.values()].flatMap((keys) => [...keys]));
  const keys = stylesheet.layout ? [...(layouts.get(stylesheet.layout) ?? [])] : [...pages.keys()].filter((key) => !inLayouts.has(key));
  const roots = keys.map((key) => {
    const file = pages.get(key);
    if (!file) throw new Error(`page module '${key}' is not in page-modules.ts`);
    return file;
  });
  return appUsage(stylesheet.layout ? roots : [path.join(webSrc, 'main.tsx'), ...roots]);
}

describe("Mantine's stylesheets by component", () => {
  const pages = pageModuleFiles();
  const layouts = pagesByLayout();

  it("finds the page modules, the layouts' pages and the components of the library", () => {
    expect(pages.size).toBeGreaterThan(20);
    expect([...(layouts.get('publicFormLayout') ?? [])]).toEqual(expect.arrayContaining(['bookingPage', 'portal', 'publicForm']));
    expect([...(layouts.get('authenticatedLayout') ?? [])]).toEqual(expect.arrayContaining(['dashboard', 'patients', 'accountLayout', 'account']));
    const usage = appUsage([path.join(webSrc, 'features/auth/pages/login-page.tsx')]);
    const components = styleModulesOf(usage.mantineNames).map((module) => module.component);
    // The login page's password field is built on Input, its button on UnstyledButton.
    expect(components).toEqual(expect.arrayContaining(['PasswordInput', 'Input', 'Button', 'UnstyledButton']));
    const componentsOf = (name: string) => styleModulesOf(new Map([['@mantine/core', new Set([name])]])).map((module) => module.component);
    expect(componentsOf('Modal')).toEqual(expect.arrayContaining(['Modal', 'ModalBase', 'Overlay', 'CloseButton', 'Paper']));
    expect(componentsOf('Select')).toEqual(expect.arrayContaining(['Combobox', 'Popover', 'Input', 'ScrollArea']));
  });

  for (const stylesheet of stylesheets) {
    it(`${stylesheet.file} imports exactly the core files its pages' components need, in styles.css's order`, () => {
      const usage = usageOf(stylesheet, pages, layouts);
      const listed = listedStyles(path.join(webSrc, stylesheet.file));
      const inFirstLoad = new Set(stylesheet.file === firstLoadStylesheet ? [] : listedStyles(path.join(webSrc, firstLoadStylesheet)));
      const expected = requiredStyles(usage).core.filter((file) => !inFirstLoad.has(file));
      const written = expected.map((file) => (stylesheet.file.endsWith('.css') ? `@import '${file}';` : `import '${file}';`));
      expect(listed, `${stylesheet.file} should import:\n${written.join('\n')}\n`).toEqual(expected);
    });

    it(`the pages of ${stylesheet.file} import it, and the whole stylesheet of the other Mantine packages they use`, () => {
      const usage = usageOf(stylesheet, pages, layouts);
      if (stylesheet.file.endsWith('.css')) expect([...usage.appCss]).toContain(stylesheet.file);
      const missing = requiredStyles(usage).otherPackages.filter((file) => !usage.mantineCss.has(file));
      expect(missing).toEqual([]);
      expect([...usage.mantineCss].filter((file) => file === '@mantine/core/styles.css')).toEqual([]);
    });
  }
});
