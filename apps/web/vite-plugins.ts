// Build steps of the web app beyond Vite's own: Brotli and gzip copies of every text file (the
// server sends them by Accept-Encoding), the size of the JavaScript the login page loads
// (printed at the end of the build, which fails above its budget of 120 KB gzip), and a check of
// the chunks (no module in two, no circle between them, chunk-groups.json up to date).
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import ts from 'typescript';
import type { Plugin, ResolvedConfig, Rolldown } from 'vite';
import { describeFirstLoad, firstLoadJs } from '../../scripts/first-load.mjs';
import { pageModuleSpecifiers } from '../../scripts/page-modules.mjs';
import { modulesByPattern, patternRegExp, SIGNED_IN_LAYOUT } from './src/app/page-addresses.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const textFile = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Writes `name.br` (quality 11) and `name.gz` (level 9) beside every text file of the build, so
 * the server never compresses a static file on the fly. A copy that would not be smaller is not
 * written (the server then sends the file as it is).
 */
export function precompress(): Plugin {
  let outDir = '';
  let config: ResolvedConfig;
  return {
    name: 'consultorio:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => textFile.test(file));
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
            gz(bytes, { level: 9 }),
          ]);
          if (br.length < bytes.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < bytes.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
      await checkFirstLoad(outDir, config);
    },
  };
}

/**
 * Prints the login page's JavaScript size; above the budget the build fails, and its
 * index.html is removed so that nothing serves it or takes the output for a fresh build.
 */
async function checkFirstLoad(outDir: string, config: ResolvedConfig): Promise<void> {
  const firstLoad = firstLoadJs(outDir);
  const description = describeFirstLoad(firstLoad);
  if (!firstLoad.isOverBudget) {
    config.logger.info(description);
    return;
  }
  await Promise.all(['index.html', 'index.html.gz', 'index.html.br'].map((file) => rm(path.join(outDir, file), { force: true })));
  throw new Error(`${description}. See "Login page size" in docs/decisions.md for what keeps it small.`);
}

/**
 * Fails the build when a module is in two chunks (a React context would be split in two) or when
 * chunks import each other statically in a circle (a module could run before one it needs: the
 * chunk groups of vite.config.ts take no dependencies along); warns when chunk-groups.json has
 * fallen behind the code, naming a module the build no longer has or leaving a shared module out
 * (it then gets a small chunk of its own): `node scripts/chunk-groups.mjs` writes it again.
 * `groupedModules`: the file's modules as absolute paths, none when the build ignores the file.
 */
export function checkChunks(groupedModules: ReadonlySet<string> | undefined): Plugin {
  return {
    name: 'consultorio:check-chunks',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
      const problems = chunkProblems(chunks);
      if (problems.length > 0) this.error(`Chunks: ${problems.join('; ')}`);
      if (groupedModules === undefined) return;
      const stale = staleChunkGroups(chunks, groupedModules);
      if (stale.length > 0) this.warn(`chunk-groups.json has fallen behind (${stale.length} modules, e.g. ${stale[0]}): run \`node scripts/chunk-groups.mjs\` (docs/decisions.md, issue 34)`);
    },
  };
}

/** What a chunk is checked on. */
type BuiltChunk = Pick<Rolldown.OutputChunk, 'fileName' | 'name' | 'isEntry' | 'isDynamicEntry' | 'imports' | 'moduleIds'> & { viteMetadata?: { importedCss: ReadonlySet<string> } };

/** The modules in two chunks and the chunks that import each other in a circle. */
export function chunkProblems(chunks: BuiltChunk[]): string[] {
  return [...modulesInTwoChunks(chunks), ...chunkCircles(chunks)];
}

function modulesInTwoChunks(chunks: BuiltChunk[]): string[] {
  const chunkOf = new Map<string, string>();
  const problems: string[] = [];
  for (const chunk of chunks) {
    for (const id of chunk.moduleIds) {
      const other = chunkOf.get(id);
      if (other !== undefined) problems.push(`${id} is in ${other} and ${chunk.fileName}`);
      chunkOf.set(id, chunk.fileName);
    }
  }
  return problems;
}

function chunkCircles(chunks: BuiltChunk[]): string[] {
  const importsOf = new Map(chunks.map((chunk) => [chunk.fileName, chunk.imports]));
  const done = new Set<string>();
  const problems: string[] = [];
  const visit = (file: string, path: string[]) => {
    if (done.has(file)) return;
    const start = path.indexOf(file);
    if (start >= 0) {
      problems.push(`the chunks ${[...path.slice(start), file].join(' → ')} import each other`);
      return;
    }
    for (const next of importsOf.get(file) ?? []) visit(next, [...path, file]);
    done.add(file);
  };
  for (const chunk of chunks) visit(chunk.fileName, []);
  return problems;
}

/** The modules chunk-groups.json names that the build does not have, and the shared modules it leaves out (beside the entries, the icons and the chunks with CSS). */
export function staleChunkGroups(chunks: BuiltChunk[], groupedModules: ReadonlySet<string>): string[] {
  const built = new Set(chunks.flatMap((chunk) => chunk.moduleIds));
  const gone = [...groupedModules].filter((id) => !built.has(id));
  const shared = chunks.filter((chunk) => !chunk.isEntry && !chunk.isDynamicEntry && chunk.name !== 'icons' && (chunk.viteMetadata?.importedCss.size ?? 0) === 0);
  const left = shared.flatMap((chunk) => chunk.moduleIds.filter((id) => path.isAbsolute(id) && !id.includes('?') && !groupedModules.has(id)));
  return [...gone, ...left];
}

/** Where `@mantine/hooks` imports its `useId` from, and the module that takes its place. */
const mantineUseId = { importer: /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/, source: './use-id/use-id.mjs' };
const appUseId = fileURLToPath(new URL('./src/lib/mantine-use-id.ts', import.meta.url));

/**
 * Gives Mantine the app's `useId` (src/lib/mantine-use-id.ts): Mantine's own draws every
 * component that uses it twice as it mounts. The build fails if `@mantine/hooks` no longer
 * imports the module this replaces (a new version moved it), rather than lose the fix unseen.
 */
export function mantineIdFromReact(): Plugin {
  let replaced = false;
  return {
    name: 'consultorio:mantine-id-from-react',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      replaced = false;
    },
    resolveId(source, importer) {
      if (source !== mantineUseId.source || importer === undefined || !mantineUseId.importer.test(importer)) return null;
      replaced = true;
      return appUseId;
    },
    buildEnd(error) {
      if (error === undefined && !replaced) this.error(`@mantine/hooks no longer imports ${mantineUseId.source}: update mantineIdFromReact (apps/web/vite-plugins.ts)`);
    },
  };
}

const scrollAreaFloatingUi = { importer: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/, source: '@floating-ui/react' };
const appMergeRefs = fileURLToPath(new URL('./src/lib/scroll-area-merge-refs.ts', import.meta.url));

/**
 * Gives Mantine's ScrollArea the app's copy of floating-ui's `useMergeRefs`
 * (src/lib/scroll-area-merge-refs.ts), the one thing it imports from floating-ui: a page with a
 * table (Table.ScrollContainer) no longer loads floating-ui before its content. The build fails if
 * ScrollArea no longer imports floating-ui, or imports more than `useMergeRefs` from it.
 */
export function scrollAreaMergeRefs(): Plugin {
  let replaced = false;
  return {
    name: 'consultorio:scroll-area-merge-refs',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      replaced = false;
    },
    resolveId(source, importer) {
      if (source !== scrollAreaFloatingUi.source || importer === undefined || !scrollAreaFloatingUi.importer.test(importer)) return null;
      replaced = true;
      return appMergeRefs;
    },
    transform(code, id) {
      if (!scrollAreaFloatingUi.importer.test(id)) return null;
      const imports = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@floating-ui\/react["']/g)].map(([, names]) => names!.trim());
      if (imports.length !== 1 || imports[0] !== 'useMergeRefs') this.error(`ScrollArea imports { ${imports.join(' } and { ')} } from @floating-ui/react: update scrollAreaMergeRefs (apps/web/vite-plugins.ts)`);
      return null;
    },
    buildEnd(error) {
      if (error === undefined && !replaced) this.error(`Mantine's ScrollArea no longer imports ${scrollAreaFloatingUi.source}: update scrollAreaMergeRefs (apps/web/vite-plugins.ts)`);
    },
  };
}

/** The fields of a contract route the web client reads at run time in production (lib/api-client.ts). */
const ROUTE_FIELDS_AT_RUN_TIME = new Set(['method', 'path']);

const contractModule = /packages\/shared\/src\/contract\/(?!route\.ts$|path\.ts$)[^/]+\.ts$/;

/** `defineRoute({ method, path, ...schemas })` as `{ method, path }`: the call and the schemas it named leave the bundle. */
function routesWithoutSchemas(context: ts.TransformationContext) {
  const { factory } = context;
  const visit = (node: ts.Node): ts.Node => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineRoute') {
      const [spec] = node.arguments;
      if (spec && ts.isObjectLiteralExpression(spec)) {
        const kept = spec.properties.filter((property) => property.name && ts.isIdentifier(property.name) && ROUTE_FIELDS_AT_RUN_TIME.has(property.name.text));
        // A spec built from spreads (the chat's send routes) is left whole.
        if (kept.length === ROUTE_FIELDS_AT_RUN_TIME.size) return factory.createObjectLiteralExpression(kept);
      }
    }
    return ts.visitEachChild(node, visit, context);
  };
  return (file: ts.SourceFile) => ts.visitNode(file, visit) as ts.SourceFile;
}

/** A contract module's source as JavaScript whose routes are `{ method, path }`, without the imports only the schemas used. */
export function contractModuleWithoutSchemas(code: string, fileName: string): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const [rewritten] = ts.transform(source, [routesWithoutSchemas]).transformed;
  // Transpiled, so that the imports no value uses any more (the schemas) are dropped.
  const printed = ts.createPrinter().printFile(rewritten as ts.SourceFile);
  return ts.transpileModule(printed, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 }, fileName }).outputText;
}

/**
 * The production build's API contract without its zod schemas (issue 34). The web client calls
 * a route by its method and path; the schemas only type the calls (at compile time) and check
 * answers in tests and development (`checkAnswers`), where this plugin does not run. Without it
 * every signed-in page, the booking page and the portal loaded the whole contract's schemas and
 * zod (about 90 KB gzip) and built them all before their first paint. Forms that validate with a
 * schema import it themselves and keep it.
 */
export function contractWithoutSchemas(): Plugin {
  let isProduction = false;
  return {
    name: 'consultorio:contract-without-schemas',
    apply: 'build',
    enforce: 'pre',
    configResolved(resolved) {
      isProduction = resolved.mode === 'production';
    },
    transform(code, id) {
      if (!isProduction || !contractModule.test(id.replaceAll('\\', '/'))) return null;
      return { code: contractModuleWithoutSchemas(code, id), map: null };
    },
  };
}

const reactRouterSources = new Set(['react-router', 'react-router/dom']);
const developmentBuild = /([\\/]react-router[\\/]dist[\\/])development([\\/][\w-]+\.mjs)$/;

/**
 * Builds with React Router's production files. Its package maps every condition to its
 * development build (no "production" condition in its exports), whose development warnings
 * (`ENABLE_DEV_WARNINGS`, the only difference) then reach the users' browsers, and their bytes
 * every page but the login page. Its own resolution is kept, with `production` for
 * `development` in the path; the build fails if that file is not there.
 */
export function reactRouterProductionBuild(): Plugin {
  return {
    name: 'consultorio:react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!reactRouterSources.has(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      const production = resolved && developmentBuild.test(resolved.id) ? resolved.id.replace(developmentBuild, '$1production$2') : undefined;
      if (production === undefined || !existsSync(production)) this.error(`React Router's production build of ${source} was not found: update reactRouterProductionBuild (apps/web/vite-plugins.ts)`);
      return { ...resolved, id: production };
    },
  };
}

/** What the server names in a page's HTML, beside index.html's own files (apps/api/src/platform/page-preloads.ts). */
export interface PagePreload {
  /** The page's address, as a regular expression of the whole path. */
  pattern: string;
  /** Whether the page is behind the login. */
  signedIn: boolean;
  /** Its style sheets and its scripts (`/assets/…`), in the order the page loads them. */
  styles: string[];
  scripts: string[];
}

/** The page modules' source files by their name in page-modules.ts. */
function pageModuleSources(appDir: string): Map<string, string> {
  return new Map(
    pageModuleSpecifiers().map(({ name, specifier }) => {
      const base = path.join(appDir, specifier);
      return [name, [`${base}.tsx`, `${base}.ts`].find((file) => existsSync(file)) ?? base] as const;
    }),
  );
}

/** A file the server accepts to name in a page's HTML (apps/api/src/platform/page-preloads.ts `assetPath`). */
const preloadableAsset = /^assets\/[\w.-]+\.(?:js|css)$/;

/**
 * The files of each address of page-addresses.ts beyond the first load (the page's layout and
 * modules, then the router's chunk, with every chunk and style sheet they import statically, in
 * the order main.tsx asks for them), written to page-preloads.json. The server names them in the
 * page's HTML (issue 34), so that a phone fetches them beside the first load instead of after it
 * has run: one round trip and the first load's evaluation less before the first paint. Read from
 * the bundle as written (`writeBundle`): Vite's CSS plugin removes the chunks that held only
 * styles, and moves their style sheets to the chunks importing them, in its own `generateBundle`.
 * The build fails if a listed file is not in the bundle or has a name the server would refuse.
 */
export function pagePreloads(): Plugin {
  const appDir = fileURLToPath(new URL('./src/app', import.meta.url));
  return {
    name: 'consultorio:page-preloads',
    apply: 'build',
    async writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is Rolldown.OutputChunk => output.type === 'chunk');
      const sources = pageModuleSources(appDir);
      const entry = chunks.find((chunk) => chunk.isEntry);
      const chunkOf = (moduleId: string) => chunks.find((chunk) => chunk.facadeModuleId === moduleId) ?? chunks.find((chunk) => chunk.moduleIds.includes(moduleId));
      const router = chunkOf(path.join(appDir, 'app.tsx'));
      if (!entry || !router) return this.error('page preloads: the entry or the router chunk is missing');
      const firstLoad = new Set(filesOf([entry], bundle));
      const preloads: PagePreload[] = modulesByPattern.map(([pattern, modules]) => {
        const pageChunks = modules.map((name) => chunkOf(sources.get(name) ?? '') ?? this.error(`page preloads: no chunk for the page module ${name}`));
        const files = filesOf([...pageChunks, router], bundle).filter((file) => !firstLoad.has(file));
        const wrong = files.find((file) => !(file in bundle) || !preloadableAsset.test(file));
        if (wrong !== undefined) this.error(`page preloads: ${wrong} is not a file of the build the server may name`);
        return {
          pattern: patternRegExp(pattern).source,
          signedIn: (modules as readonly string[]).includes(SIGNED_IN_LAYOUT),
          styles: files.filter((file) => file.endsWith('.css')).map((file) => `/${file}`),
          scripts: files.filter((file) => file.endsWith('.js')).map((file) => `/${file}`),
        };
      });
      await writeFile(path.join(options.dir ?? '', 'page-preloads.json'), JSON.stringify(preloads));
    },
  };
}

/** The chunks' files with every chunk they import statically, depth first, and their style sheets. */
function filesOf(chunks: Rolldown.OutputChunk[], bundle: Rolldown.OutputBundle): string[] {
  const seen = new Set<string>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.add(chunk.fileName);
    for (const imported of chunk.imports) {
      const output = bundle[imported];
      if (output?.type === 'chunk') visit(output);
    }
    for (const css of (chunk as BuiltChunk).viteMetadata?.importedCss ?? []) seen.add(css);
  };
  chunks.forEach(visit);
  return [...seen];
}
