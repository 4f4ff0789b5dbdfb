// `node scripts/chunk-groups.mjs` (issue 34): writes apps/web/chunk-groups.json, the chunk each
// shared module of the web app goes to (vite.config.ts reads it), so that a page loads 15-30
// files instead of 35-85 small ones on an HTTP/1.1 origin. Run it again after changing which
// modules the pages import (the build warns when the file has fallen behind: vite-plugins.ts,
// checkChunks).
//
// Rolldown's groups see the module graph before tree-shaking (a module importing '@mantine/core'
// reaches every component), so the groups are derived here from a first build with the automatic
// split only (WEB_CHUNK_GROUPS=automatic), whose chunks hold what each page really uses. Each of
// its shared chunks (the modules used by the same entries) is a unit; units are merged greedily,
// the merge that saves the most files per extra byte first, within these rules:
// - the login page, the booking page and the portal load the same modules as before: two units
//   merge only if each of those pages uses both or neither (they get fewer files);
// - any other page may load at most EXTRA_BYTES_BUDGET more (MEASURED_PAGES_EXTRA_BYTES_BUDGET for
//   the signed-in pages Lighthouse measures), a page with one of its dialogs or
//   charts opened on demand ON_DEMAND_EXTRA_BYTES_BUDGET, and a dialog of the three pages above
//   UNCHANGED_ON_DEMAND_EXTRA_BYTES_BUDGET (gzip, estimated);
// - the chunks never import each other in a circle (a module could run before one it needs);
// - chunks with CSS stay apart (their stylesheet would join other pages), and so do the entries.
// A module not in the file falls back to the automatic split: an outdated file costs files, never
// correctness (no module is in two chunks, and the build fails on a circle).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const webRoot = path.join(root, 'apps/web');
const chunkGroupsFile = path.join(webRoot, 'chunk-groups.json');

/** The pages whose JavaScript must not grow: the first visit of a visitor or a patient, and Lighthouse's public pages. */
const UNCHANGED_PAGES = ['login', 'bookingPage', 'portal'];
/**
 * Extra gzip bytes merges may add, estimated as the sum of the units' own gzip sizes (the built
 * pages gained 0.5 to 0.8 of the estimate: a merged chunk compresses better than its parts).
 */
const EXTRA_BYTES_BUDGET = 12 * 1024;
/**
 * The signed-in pages the bench's Lighthouse measures (scripts/bench/lighthouse.mjs) may load at
 * most this much more: on slow 4G every 10 KB gzip is some 50 ms before their content, and with
 * the larger budget the greedy merge's path through the other pages' modules moved up to 9 KB
 * onto one of them (the patients page, issue 34's sixth part).
 */
const MEASURED_PAGES = ['dashboard', 'patients', 'patientRecord', 'agenda', 'finance', 'patientForm'];
const MEASURED_PAGES_EXTRA_BYTES_BUDGET = 6 * 1024;
const ON_DEMAND_EXTRA_BYTES_BUDGET = 24 * 1024;
const UNCHANGED_ON_DEMAND_EXTRA_BYTES_BUDGET = 8 * 1024;
/** Between two merges that save files, the one with fewer extra bytes per file saved; a small constant keeps the free ones ordered by the files they save. */
const mergeValue = (filesSaved, extraBytes) => filesSaved / (extraBytes + 512);
/** A merge is worth it only below this many extra bytes per file saved (about a round trip queued on slow 4G). */
const BYTES_PER_FILE = 5 * 1024;

/**
 * A chunk's gzip size without what only joins it to the others (its import and export
 * statements) nor gzip's own header: about what its modules add to a chunk they are merged into.
 */
function ownGzipBytes(code) {
  const own = code.replace(/^(?:import\s*(?:[^'"`;]*?from\s*)?["'][^"']+["'];?\s*)+/, '').replace(/export\s*\{[^}]*\};?\s*$/, '');
  return Math.max(0, gzipSync(own, { level: 9 }).length - 18);
}

/** The chunks of a build with the automatic split: file, entry, imports, sizes and module ids. */
async function automaticChunks() {
  const { build } = await import('vite');
  const outDir = mkdtempSync(path.join(tmpdir(), 'chunk-groups-'));
  process.env.WEB_CHUNK_GROUPS = 'automatic';
  let chunks = [];
  try {
    await build({
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
      plugins: [
        {
          name: 'chunk-groups:collect',
          generateBundle(_, bundle) {
            chunks = Object.values(bundle)
              .filter((output) => output.type === 'chunk')
              .map((chunk) => ({
                file: chunk.fileName,
                name: chunk.name,
                isEntry: chunk.isEntry || chunk.isDynamicEntry,
                facade: chunk.facadeModuleId,
                imports: chunk.imports,
                dynamicImports: chunk.dynamicImports,
                hasCss: (chunk.viteMetadata?.importedCss.size ?? 0) > 0,
                gzipBytes: gzipSync(chunk.code, { level: 9 }).length,
                ownGzipBytes: ownGzipBytes(chunk.code),
                moduleIds: chunk.moduleIds,
              }));
          },
        },
      ],
    });
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
  return chunks;
}

/**
 * The pages of app/page-modules.ts with the entry modules each is drawn from (app.tsx, its
 * layouts, the page), as scripts/page-bytes.mjs reads them, and the login page (index.html).
 */
function pagesOf(pageModulesSource) {
  const modules = [...pageModulesSource.matchAll(/^\s+(\w+): \(\) => import\('([^']+)'\)/gm)].map(([, name, specifier]) => ({ name, module: path.join(webRoot, 'src/app', specifier) }));
  const moduleOf = (name) => modules.find((entry) => entry.name === name).module;
  const accountPages = ['account', 'qaTemplates', 'qaTemplate', 'noteTemplates', 'aiAssistants'];
  const app = path.join(webRoot, 'src/app/app');
  let layout;
  const pages = [{ name: 'login', modules: [path.join(webRoot, 'index.html')] }];
  for (const { name, module } of modules) {
    if (name === 'publicFormLayout' || name === 'authenticatedLayout') layout = module;
    if (name === 'publicFormLayout' || name === 'authenticatedLayout' || name === 'accountLayout') continue;
    const layouts = [...(layout ? [layout] : []), ...(accountPages.includes(name) ? [moduleOf('accountLayout')] : [])];
    pages.push({ name, modules: [app, ...layouts, module] });
  }
  return { pages, pageEntryModules: new Set([app, ...modules.map(({ module }) => module)]) };
}

const withoutExtension = (id) => id.replace(/\.[cm]?[jt]sx?$/, '');

/**
 * Every load to keep within its budget: each page (its entries' static closure), and each page
 * with one module it imports on demand (a dialog, a chart) beside its own chunks. What the first
 * load imports on demand (the login page's dialogs, the toasts) counts as the login page's.
 */
function loadsOf(chunks, pages, pageEntryModules) {
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const entryOf = new Map(chunks.filter((chunk) => chunk.isEntry && chunk.facade).map((chunk) => [withoutExtension(chunk.facade), chunk.file]));
  const closure = (files, seen = new Set()) => {
    for (const file of files) {
      if (seen.has(file)) continue;
      seen.add(file);
      closure(byFile.get(file).imports, seen);
    }
    return seen;
  };
  const isPageEntry = (file) => pageEntryModules.has(withoutExtension(byFile.get(file).facade ?? ''));
  const loads = [];
  let firstLoad;
  for (const page of pages) {
    const entries = page.modules.map((module) => entryOf.get(withoutExtension(module)));
    if (entries.includes(undefined)) throw new Error(`no entry chunk for a module of the page ${page.name}`);
    const files = closure(entries);
    firstLoad ??= files;
    const isUnchanged = UNCHANGED_PAGES.includes(page.name);
    loads.push({ name: page.name, files, isPage: true, budget: isUnchanged ? 0 : MEASURED_PAGES.includes(page.name) ? MEASURED_PAGES_EXTRA_BYTES_BUDGET : EXTRA_BYTES_BUDGET, mustNotChange: isUnchanged });
    const onDemand = new Set();
    const follow = (from) => {
      for (const file of from) {
        if (page.name !== 'login' && firstLoad.has(file)) continue;
        for (const lazy of byFile.get(file).dynamicImports) {
          if (onDemand.has(lazy) || isPageEntry(lazy) || files.has(lazy)) continue;
          onDemand.add(lazy);
          follow(closure([lazy]));
        }
      }
    };
    follow(files);
    const budget = isUnchanged ? UNCHANGED_ON_DEMAND_EXTRA_BYTES_BUDGET : ON_DEMAND_EXTRA_BYTES_BUDGET;
    for (const lazy of onDemand) loads.push({ name: `${page.name} + ${byFile.get(lazy).name}`, files: closure([lazy], new Set(files)), isPage: false, budget, mustNotChange: false });
  }
  return loads;
}

/** One node per chunk: the units (shared chunks whose modules may move) and the rest, with their imports and the loads that hold them. */
function graphOf(chunks, loads) {
  const nodes = chunks.map((chunk) => {
    const movable = !chunk.isEntry && !chunk.hasCss && chunk.name !== 'icons' && chunk.moduleIds.every((id) => id.startsWith(`${root}/`) && !id.includes('?'));
    return { chunks: [chunk], bytes: movable ? chunk.ownGzipBytes : chunk.gzipBytes, movable, merged: false, loads: new Set(), out: new Set(), in: new Set() };
  });
  const nodeOf = new Map(chunks.map((chunk, index) => [chunk.file, nodes[index]]));
  for (const chunk of chunks) for (const file of chunk.imports) link(nodeOf.get(chunk.file), nodeOf.get(file));
  loads.forEach((load, index) => load.files.forEach((file) => nodeOf.get(file).loads.add(index)));
  return nodes;
}

function link(from, to) {
  if (from === to) return;
  from.out.add(to);
  to.in.add(from);
}

/** Whether `to` is reachable from `from` through at least one other node (merging them would make a circle). */
function reachesThroughOthers(from, to) {
  const stack = [...from.out].filter((node) => node !== to);
  const seen = new Set(stack);
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === to) return true;
    for (const next of node.out) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return false;
}

function withDescendants(starts) {
  const seen = new Set(starts);
  const stack = [...starts];
  while (stack.length > 0) {
    for (const next of stack.pop().out) {
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(next);
    }
  }
  return seen;
}

/** What merging a and b adds to each load: a's loads now load b and whatever b imports, and the other way round. */
function extraBytesOfMerge(a, b) {
  const loadsAfter = new Set([...a.loads, ...b.loads]);
  const extra = new Map();
  for (const node of withDescendants([a, b])) {
    for (const load of loadsAfter) if (!node.loads.has(load)) extra.set(load, (extra.get(load) ?? 0) + node.bytes);
  }
  return { loadsAfter, extra };
}

function merge(a, b, loadsAfter) {
  for (const node of withDescendants([a, b])) for (const load of loadsAfter) node.loads.add(load);
  a.chunks.push(...b.chunks);
  a.bytes += b.bytes;
  for (const next of b.out) {
    next.in.delete(b);
    link(a, next);
  }
  for (const previous of b.in) {
    previous.out.delete(b);
    link(previous, a);
  }
  a.out.delete(a);
  a.in.delete(a);
  b.merged = true;
}

/** Merges units while a merge saves files within the rules above; returns every unit left (merged or not) and each load's extra bytes. */
function mergeUnits(chunks, loads) {
  const nodes = graphOf(chunks, loads);
  const extraSoFar = loads.map(() => 0);
  const unchanged = loads.flatMap((load, index) => (load.mustNotChange ? [index] : []));
  const sameUnchangedLoads = (a, b) => unchanged.every((load) => a.loads.has(load) === b.loads.has(load));
  const pagesIn = (a, b) => [...a.loads].filter((load) => loads[load].isPage && b.loads.has(load)).length;
  const pagesOnlyIn = (a, b) => [...a.loads].filter((load) => loads[load].isPage && !b.loads.has(load)).length;
  for (;;) {
    const units = nodes.filter((node) => node.movable && !node.merged);
    const candidates = [];
    for (const [i, a] of units.entries()) {
      for (const b of units.slice(i + 1)) {
        const saved = pagesIn(a, b);
        if (saved === 0 || !sameUnchangedLoads(a, b)) continue;
        // Without what a and b import: the real extra is never lower, so the real value never higher.
        candidates.push({ a, b, saved, bound: mergeValue(saved, pagesOnlyIn(a, b) * b.bytes + pagesOnlyIn(b, a) * a.bytes) });
      }
    }
    candidates.sort((x, y) => y.bound - x.bound);
    let best;
    for (const { a, b, saved, bound } of candidates) {
      if (best && bound <= best.value) break;
      const { loadsAfter, extra } = extraBytesOfMerge(a, b);
      if ([...extra].some(([load, bytes]) => extraSoFar[load] + bytes > loads[load].budget)) continue;
      const pageExtra = [...extra].filter(([load]) => loads[load].isPage).reduce((sum, [, bytes]) => sum + bytes, 0);
      const value = mergeValue(saved, pageExtra);
      if (pageExtra >= saved * BYTES_PER_FILE || (best && value <= best.value)) continue;
      if (reachesThroughOthers(a, b) || reachesThroughOthers(b, a)) continue;
      best = { a, b, value, loadsAfter, extra };
    }
    if (!best) break;
    merge(best.a, best.b, best.loadsAfter);
    for (const [load, bytes] of best.extra) extraSoFar[load] += bytes;
  }
  const filesAfter = loads.map((_, load) => nodes.filter((node) => !node.merged && node.loads.has(load)).length);
  return { units: nodes.filter((node) => node.movable && !node.merged), extraSoFar, filesAfter };
}

/**
 * A unit's name: 'all-pages' or 'signed-in' when every page but the login, or every page behind
 * the login, loads it; the page's name when one page does; else 'shared-<number of pages>'.
 */
function unitName(unit, loads, taken) {
  const pages = loads.filter((load, index) => load.isPage && unit.loads.has(index)).map((load) => load.name);
  const allPages = loads.filter((load) => load.isPage && load.name !== 'login').map((load) => load.name);
  const signedIn = allPages.slice(allPages.indexOf('dashboard'));
  const base = pages.length === allPages.length ? 'all-pages' : signedIn.every((page) => pages.includes(page)) ? 'signed-in' : pages.length === 1 ? pages[0] : `shared-${pages.length}`;
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
  taken.add(name);
  return name;
}

/** The file's content: for each chunk, its modules (paths from the repository's root), sorted. */
function chunkGroupsOf(chunks, pageModulesSource) {
  const { pages, pageEntryModules } = pagesOf(pageModulesSource);
  const loads = loadsOf(chunks, pages, pageEntryModules);
  const { units, extraSoFar, filesAfter } = mergeUnits(chunks, loads);
  const taken = new Set();
  const relative = (id) => path.relative(root, id).split(path.sep).join('/');
  const groups = units
    .sort((x, y) => y.loads.size - x.loads.size || y.bytes - x.bytes)
    .map((unit) => [unitName(unit, loads, taken), unit.chunks.flatMap((chunk) => chunk.moduleIds).map(relative).sort()]);
  return { groups: Object.fromEntries(groups), loads, extraSoFar, filesAfter };
}

async function main() {
  const { groups, loads, extraSoFar, filesAfter } = chunkGroupsOf(await automaticChunks(), readFileSync(path.join(webRoot, 'src/app/page-modules.ts'), 'utf8'));
  writeFileSync(chunkGroupsFile, `${JSON.stringify(groups, null, 2)}\n`);
  console.log(`${path.relative(root, chunkGroupsFile)}: ${Object.keys(groups).length} chunks. Files per page (with the first load's) and extra gzip, estimated:`);
  loads.forEach((load, index) => load.isPage && console.log(`  ${load.name}: ${load.files.size} → ${filesAfter[index]} files, +${(extraSoFar[index] / 1024).toFixed(1)} KB`));
}

await main();
