// `BENCH_ONLY=lighthouse npm run bench` (issue 34): Lighthouse 12 in its default mobile mode
// (a mid-range phone: simulated slow 4G and 4× CPU slowdown) on the Chromium of this machine
// (CHROME_PATH, /usr/bin/chromium by default; nothing is downloaded), on the screens of the
// issue, signed in where needed with data made through the API; three runs of each, the median
// printed with its accessibility score and total blocking time. Not part of `npm test`.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
// BENCH_LIGHTHOUSE_THROTTLING=devtools slows the browser itself (each request really waits its round
// trip) instead of Lighthouse's default simulation, which models a page's requests from an unthrottled load.
const throttling = process.env.BENCH_LIGHTHOUSE_THROTTLING === 'devtools' ? { throttlingMethod: 'devtools' } : {};

/** The link of the last mail to `address` that holds `routePath` (mail is written by background jobs). */
async function mailLink(dataDir, address, routePath, deadline = Date.now() + 15_000) {
  const mailDir = path.join(dataDir, 'mail');
  while (Date.now() < deadline) {
    for (const name of (existsSync(mailDir) ? readdirSync(mailDir) : []).sort().reverse()) {
      const mail = readFileSync(path.join(mailDir, name), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = mail.includes(address) && new RegExp(`https?://[^\\s"<>]*${routePath}\\?token=[A-Za-z0-9_-]+`).exec(mail);
      if (link) return new URL(link[0]);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${address} with ${routePath}`);
}

/** A professional with patients, a record, a questionnaire, appointments, a payment, the booking page on and a patient invited to the portal. */
async function seed({ base, call, signedInCookie, seedPatients }, dataDir) {
  const username = 'farol_prof';
  const cookie = await signedInCookie(username);
  const json = async (response) => (await response).json();
  await call('PUT', '/v1/users/me', { firstName: 'Farol', lastName: 'Silva', profession: 'Psicóloga', bookingSlug: 'farol-silva', bookingEnabled: true }, cookie);
  await call(
    'PUT',
    '/v1/users/me/availability',
    {
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
      sessionMinutes: 50,
      bufferMinutes: 10,
      minNoticeHours: 2,
      maxDaysAhead: 30,
      modalities: ['in_person', 'online'],
      requiresApproval: false,
      cancellationNoticeHours: 24,
    },
    cookie,
  );
  // The trial's plan holds 50 patients.
  const patientIds = await seedPatients(cookie, 40);
  const email = 'farol.paciente@example.com';
  const patient = (await json(call('POST', '/v1/users/me/patients', { firstName: 'Lia', lastName: 'Costa', email }, cookie))).data.patient;
  const record = (await json(call('POST', `/v1/patients/${patient.id}/records`, { name: 'Evolução' }, cookie))).data.record;
  const paragraphs = Array.from({ length: 30 }, (_, n) => `<p>Sessão ${n + 1}: paciente relata melhora do sono, menos ansiedade ao acordar e retomada das caminhadas.</p>`).join('');
  await call('PUT', `/v1/records/${record.id}/content`, { content: paragraphs, version: record.version }, cookie);
  const { qaTemplates } = (await json(call('GET', '/v1/users/me/qa-templates', undefined, cookie))).data;
  const template = qaTemplates.find((candidate) => /PHQ-9/.test(candidate.name)) ?? qaTemplates[0];
  const form = (await json(call('POST', `/v1/patients/${patient.id}/forms`, { name: template.name, qaTemplateId: template.id }, cookie))).data.form;
  // A week of appointments around now, one of them paid.
  const monday = new Date();
  monday.setUTCHours(12, 0, 0, 0);
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  let appointmentId;
  for (let n = 0; n < 15; n++) {
    const startsAt = new Date(monday.getTime() + Math.floor(n / 3) * 86_400_000 + (n % 3) * 3_600_000);
    const patientId = n === 14 ? patient.id : patientIds[n];
    const answer = await call('POST', '/v1/users/me/appointments', { patientId, startsAt: startsAt.toISOString(), durationMinutes: 50 }, cookie);
    appointmentId ??= (await answer.json()).data.appointment.id;
  }
  // No body: without content-type.
  const invitation = await fetch(`${base}/v1/patients/${patient.id}/portal-invitation`, { method: 'POST', headers: { cookie } });
  if (invitation.status !== 202) throw new Error(`portal invitation: ${invitation.status} ${await invitation.text()}`);
  const portalLink = await mailLink(dataDir, email, '/portal');
  const portalSession = await call('POST', '/v1/portal/sessions', { token: portalLink.searchParams.get('token') });
  const portalCookie = portalSession.headers.get('set-cookie').split(';')[0];
  return { cookie, portalCookie, patientId: patient.id, recordId: record.id, formId: form.id, appointmentId };
}

/**
 * Slow 4G with Lighthouse's simulation's figures (150 ms round trips, 1.6 Mbps down, 750 Kbps
 * up), with 4× CPU: its devtools mode adds more per request (562.5 ms), so these are kinder to
 * a page of many requests than a phone on such a link is.
 */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** What each measured page is for, drawn: the calendar's grid, the record's editor (BENCH_PHONE_TIMING). */
const PAGE_CONTENT = { agenda: '.fc-view', record: '.ql-editor' };

/** The time since the navigation at which `selector` is first on the page and visible. */
async function shownAt(page, selector) {
  const handle = await page.waitForFunction(
    (wanted) => {
      const element = globalThis.document.querySelector(wanted);
      return element && element.getBoundingClientRect().height > 0 ? performance.now() : false;
    },
    { polling: 'raf', timeout: 60_000 },
    selector,
  );
  return handle.jsonValue();
}

/**
 * BENCH_PHONE_TIMING=<runs>: the pages of PAGE_CONTENT loaded on a really throttled browser
 * (SLOW_4G and 4× CPU, each request waiting its own round trip, as on the phone), empty cache:
 * when the page's heading shows and when its content does, median of the runs. Lighthouse's
 * simulation models a page's requests from an unthrottled load, so it does not see a page that
 * draws its frame before a large library arrives (decisions.md: the agenda's calendar).
 */
async function phoneTiming(browser, url, target, runs) {
  const heading = [];
  const content = [];
  for (let run = 0; run < runs; run++) {
    const page = await browser.newPage();
    if (target.cookie?.startsWith('sid=')) await page.evaluateOnNewDocument(() => localStorage.setItem('consultorio:signed-in', '1'));
    if (target.cookie) await page.setExtraHTTPHeaders({ Cookie: target.cookie });
    await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const navigation = page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    // Both watched from the start, each frame: a heading and a content drawn in the same frame get the same time.
    const [headingAt, contentAt] = await Promise.all([shownAt(page, 'main h1, main h2'), shownAt(page, PAGE_CONTENT[target.name])]);
    heading.push(headingAt);
    content.push(contentAt);
    await navigation;
    await page.close();
  }
  const seconds = (values) => `${(median(values) / 1000).toFixed(2)} s`;
  console.log(`${target.name.padEnd(16)} heading ${seconds(heading)}, ${PAGE_CONTENT[target.name]} ${seconds(content)} (median of ${runs}; each run: ${heading.map((ms, n) => `${(ms / 1000).toFixed(2)}/${(content[n] / 1000).toFixed(2)}`).join(' ')})`);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * BENCH_LIGHTHOUSE_PROFILE=<dir>: before Lighthouse, one load of each page at 4× CPU slowdown with
 * the browser's profiler on; writes <page>.cpuprofile (opens in the performance panel) and prints
 * where the main thread went, by script and by function (self time), what ran in each long task
 * (the trace's task boundaries), and React's commits: how many components each drew and where
 * its update started (a stand-in for React's developer tools hook; walking the tree on each
 * commit adds its own time to the profile).
 */
async function profilePage(browser, url, target, dir) {
  const page = await browser.newPage();
  if (target.cookie?.startsWith('sid=')) await page.evaluateOnNewDocument(() => localStorage.setItem('consultorio:signed-in', '1'));
  if (target.cookie) await page.setExtraHTTPHeaders({ Cookie: target.cookie });
  await page.evaluateOnNewDocument(() => {
    globalThis.__longTasks = [];
    new PerformanceObserver((list) => globalThis.__longTasks.push(...list.getEntries().map((entry) => entry.duration))).observe({ type: 'longtask', buffered: true });
  });
  await page.evaluateOnNewDocument(recordReactCommits);
  await page.evaluateOnNewDocument(recordPaints);
  const cdp = await page.createCDPSession();
  // Lighthouse's phone: the largest contentful paint depends on what fits in the screen.
  await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.BENCH_LIGHTHOUSE_PROFILE_CPU ?? 4) });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  // Invalidation tracking records a stack for every element restyled or laid out again, which
  // makes style and layout several times slower: asked for only to learn why a style was recomputed.
  const invalidations = process.env.BENCH_LIGHTHOUSE_INVALIDATIONS ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : [];
  await page.tracing.start({ categories: ['toplevel', 'devtools.timeline', ...invalidations] });
  await page.goto(url, { waitUntil: 'networkidle0' });
  const longTasks = await page.evaluate(() => globalThis.__longTasks);
  const commits = await page.evaluate(() => globalThis.__reactCommits);
  const timeline = await page.evaluate(paintsAndScripts);
  const { profile } = await cdp.send('Profiler.stop');
  const trace = JSON.parse(Buffer.from(await page.tracing.stop()).toString('utf8'));
  await page.close();
  writeFileSync(path.join(dir, `${target.name.replace(/ /g, '-')}.cpuprofile`), JSON.stringify(profile));
  // The trace opens in the performance panel too, with the style invalidations it tracked.
  writeFileSync(path.join(dir, `${target.name.replace(/ /g, '-')}.trace.json`), JSON.stringify(trace));
  const selfMs = new Map();
  const byScript = new Map();
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, n) => {
    const node = nodes.get(id);
    const ms = (profile.timeDeltas[n + 1] ?? 0) / 1000;
    const { functionName, url: script, lineNumber } = node.callFrame;
    const file = script.split('/').pop() || '(native)';
    if (functionName === '(idle)' || functionName === '(program)') return;
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + ms);
    byScript.set(file, (byScript.get(file) ?? 0) + ms);
  });
  const top = (map, count) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count).map(([key, ms]) => `    ${ms.toFixed(0).padStart(6)} ms  ${key}`).join('\n');
  const total = [...byScript.values()].reduce((sum, ms) => sum + ms, 0);
  const blocking = longTasks.reduce((sum, ms) => sum + Math.max(0, ms - 50), 0);
  console.log(`${target.name}: ${total.toFixed(0)} ms of script at ${process.env.BENCH_LIGHTHOUSE_PROFILE_CPU ?? 4}× slowdown; long tasks ${longTasks.map((ms) => ms.toFixed(0)).join(', ')} ms (blocking ${blocking.toFixed(0)} ms)\n  by script:\n${top(byScript, 8)}\n  by function (self):\n${top(selfMs, 25)}`);
  console.log(describeLongTasks(trace, profile));
  console.log(`  paints and the scripts asked for (ms since the navigation; Lighthouse's simulated LCP waits for every request started before the observed one):\n${timeline.join('\n')}`);
  console.log(`  React commits (ms since the navigation, components drawn, the most drawn; from: where each update started):\n${commits.map(({ at, count, top }) => `    ${at.toFixed(0).padStart(6)} ms  ${String(count).padStart(4)}  ${top}`).join('\n')}`);
}

/** Runs in the page before the app: keeps each largest-contentful-paint candidate with the element it names. */
function recordPaints() {
  globalThis.__largestPaints = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const element = entry.element;
      const name = element ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''} in ${element.parentElement?.className || element.parentElement?.tagName}` : '(gone)';
      globalThis.__largestPaints.push({ at: entry.startTime, what: `largest contentful paint: ${name}, ${Math.round(entry.size)} px²` });
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

/** Runs in the page once it has loaded: its paints and the scripts it asked for, in time order. */
function paintsAndScripts() {
  const paints = performance.getEntriesByType('paint').map((entry) => ({ at: entry.startTime, what: entry.name }));
  const scripts = performance
    .getEntriesByType('resource')
    .filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'))
    .map((entry) => ({ at: entry.startTime, what: `asked for ${entry.name.split('/').pop()} (${Math.round(entry.transferSize / 1024)} KB, came at ${entry.responseEnd.toFixed(0)} ms)` }));
  return [...paints, ...globalThis.__largestPaints, ...scripts].sort((a, b) => a.at - b.at).map(({ at, what }) => `    ${at.toFixed(0).padStart(6)} ms  ${what}`);
}

/**
 * Runs in the page before the app: a stand-in for React's developer tools hook that, on each
 * commit, counts the components whose function ran in that render (the fiber's PerformedWork
 * flag) and names the most frequent, to tell which updates draw the whole tree again.
 */
function recordReactCommits() {
  globalThis.__reactCommits = [];
  const performedWork = 1;
  globalThis.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberRoot(_rendererId, root) {
      const byName = new Map();
      let count = 0;
      // The components that drew without their parent component drawing: where the update started.
      const origins = new Set();
      const stack = [[root.current, false, false]];
      while (stack.length) {
        const [fiber, isMounted, parentDrew] = stack.pop();
        const isNew = isMounted || fiber.alternate === null;
        const drew = typeof fiber.type === 'function' && (isNew || fiber.flags & performedWork);
        const name = typeof fiber.type === 'function' ? fiber.type.displayName || fiber.type.name || '(anonymous)' : undefined;
        if (drew) {
          count++;
          byName.set(name, (byName.get(name) ?? 0) + 1);
          if (!parentDrew) origins.add(name);
        }
        const childParentDrew = name === undefined ? parentDrew : drew;
        if (fiber.sibling) stack.push([fiber.sibling, isMounted, parentDrew]);
        // A subtree React bailed out of keeps its fibers (the same child as the previous tree's): not visited.
        if (fiber.child && (isNew || fiber.child !== fiber.alternate.child)) stack.push([fiber.child, isNew, childParentDrew]);
      }
      const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([name, n]) => `${name}×${n}`).join(' ');
      globalThis.__reactCommits.push({ at: performance.now(), count, top: `${top}; from ${[...origins].slice(0, 6).join(', ')}` });
    },
  };
}

/** Each long task of the page's main thread (the trace's own task boundaries) and what ran in it: the outermost frames and the largest self times. */
/** What a task without script did: style (with the elements restyled and why), layout, paint, parsing. */
function renderingIn(events, task) {
  const inside = events.filter((event) => event.pid === task.pid && event.tid === task.tid && event.ts >= task.ts && event.ts <= task.ts + task.dur);
  const kinds = ['UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'ParseHTML', 'ParseAuthorStyleSheet'];
  const spent = kinds
    .map((name) => {
      const matching = inside.filter((event) => event.name === name && event.ph === 'X');
      const ms = matching.reduce((sum, event) => sum + event.dur / 1000, 0);
      const elements = name === 'UpdateLayoutTree' ? ` (${matching.map((event) => event.args?.elementCount ?? '?').join(', ')} elements)` : '';
      return { name, ms, text: `${name} ${ms.toFixed(0)} ms${elements}` };
    })
    .filter(({ ms }) => ms >= 1)
    .sort((a, b) => b.ms - a.ms);
  // Why the style was recomputed (the trace's invalidation tracking): the attributes and rules that changed.
  const reasons = new Set(
    events
      .filter((event) => event.pid === task.pid && event.ts >= task.ts - 100_000 && event.ts <= task.ts + task.dur && event.name === 'ScheduleStyleInvalidationTracking')
      .map((event) => `${event.args.data.changedAttribute ?? event.args.data.changedClass ?? event.args.data.changedPseudo ?? '?'} on ${event.args.data.nodeName}`),
  );
  return `${spent.map(({ text }) => text).join(', ') || 'nothing the trace names'}${reasons.size ? `; style invalidated by ${[...reasons].join('; ')}` : ''}`;
}

function describeLongTasks(trace, profile) {
  const events = trace.traceEvents ?? trace;
  const mainThreads = events.filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args.name === 'CrRendererMain');
  const tasksOf = ({ pid, tid }) => events.filter((event) => event.pid === pid && event.tid === tid && (event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask') && event.ph === 'X');
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));
  const label = ({ callFrame }) => `${callFrame.functionName || '(anonymous)'} ${callFrame.url.split('/').pop() || '(native)'}:${callFrame.lineNumber + 1}`;
  const framesOf = (id) => {
    const frames = [];
    for (let current = id; current !== undefined; current = parentOf.get(current)) frames.unshift(nodes.get(current));
    return frames.slice(1);
  };
  let time = profile.startTime;
  const samples = profile.samples.map((id, n) => ({ id, time: (time += profile.timeDeltas[n]), ms: (profile.timeDeltas[n + 1] ?? 0) / 1000 }));
  // Other renderers run in the trace too: the page's main thread is the one whose tasks hold the profile's busy samples.
  const busy = samples.filter((sample) => !['(idle)', '(program)'].includes(nodes.get(sample.id).callFrame.functionName));
  const coverage = (threadTasks) => busy.filter((sample) => threadTasks.some((task) => sample.time >= task.ts && sample.time <= task.ts + task.dur)).length;
  const tasks = mainThreads.map(tasksOf).map((threadTasks) => ({ threadTasks, covered: coverage(threadTasks) })).sort((a, b) => b.covered - a.covered)[0]?.threadTasks ?? [];
  const lines = [];
  for (const task of tasks.filter((event) => event.dur >= 50_000)) {
    const inTask = samples.filter((sample) => sample.time >= task.ts && sample.time <= task.ts + task.dur && !['(idle)', '(program)'].includes(nodes.get(sample.id).callFrame.functionName));
    const outer = new Map();
    const self = new Map();
    for (const sample of inTask) {
      const frames = framesOf(sample.id);
      const path = frames.slice(0, 3).map(label).join(' > ');
      outer.set(path, (outer.get(path) ?? 0) + sample.ms);
      self.set(label(frames.at(-1)), (self.get(label(frames.at(-1))) ?? 0) + sample.ms);
    }
    const top = (map, count) => [...map].sort((a, b) => b[1] - a[1]).slice(0, count).filter(([, ms]) => ms >= 3).map(([key, ms]) => `      ${ms.toFixed(0).padStart(5)} ms  ${key}`).join('\n');
    const heading = `  long task at ${((task.ts - profile.startTime) / 1000).toFixed(0)} ms of the profile: ${(task.dur / 1000).toFixed(0)} ms`;
    if (inTask.length === 0) lines.push(`${heading}, no script sampled: ${renderingIn(events, task)}`);
    else lines.push(`${heading}\n    outermost frames:\n${top(outer, 6)}\n    self:\n${top(self, 8)}`);
  }
  return lines.join('\n');
}

/** `npm run bench`'s module: prints one line per page, then the load average it ran under. */
export async function measureLighthouse(bench, { dataDir }) {
  const { base } = bench;
  const data = await seed(bench, dataDir);
  const pages = [
    { name: 'login', path: '/' },
    { name: 'dashboard', path: '/dashboard', cookie: data.cookie },
    { name: 'patients', path: '/patients', cookie: data.cookie },
    { name: 'record', path: `/patients/${data.patientId}/records/${data.recordId}`, cookie: data.cookie },
    { name: 'agenda', path: '/agenda', cookie: data.cookie },
    { name: 'finance', path: '/finance', cookie: data.cookie },
    { name: 'questionnaire', path: `/patients/${data.patientId}/forms/${data.formId}`, cookie: data.cookie },
    { name: 'booking page', path: '/agendar/farol-silva' },
    { name: 'portal', path: '/portal', cookie: data.portalCookie },
  ];
  // BENCH_LIGHTHOUSE_PAGES=patients,agenda measures only those; BENCH_LIGHTHOUSE_REPORTS=<dir> keeps each run's report.
  const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
  const reportsDir = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (reportsDir) mkdirSync(reportsDir, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const loadStart = (await import('node:os')).loadavg();
  console.log(`\nLighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} (mobile: slow 4G, 4× CPU${throttling.throttlingMethod ? ', devtools throttling' : ''}), ${base}, median of ${RUNS} runs`);
  console.log(`${'page'.padEnd(16)} ${'performance'.padStart(11)} ${'accessibility'.padStart(13)} ${'TBT'.padStart(8)} ${'LCP'.padStart(8)}   accessibility failures`);
  const failures = [];
  try {
    const phoneRuns = Number(process.env.BENCH_PHONE_TIMING ?? 0);
    if (phoneRuns > 0) {
      console.log(`Really throttled (slow 4G, 4× CPU), empty cache: when the heading and the content show`);
      for (const target of pages.filter((candidate) => PAGE_CONTENT[candidate.name] && (!only || only.includes(candidate.name)))) {
        await phoneTiming(browser, `${base}${target.path}`, target, phoneRuns);
      }
      if (process.env.BENCH_PHONE_TIMING_ONLY) return { failures };
    }
    for (const target of pages.filter((candidate) => !only || only.includes(candidate.name))) {
      if (process.env.BENCH_LIGHTHOUSE_PROFILE) {
        mkdirSync(process.env.BENCH_LIGHTHOUSE_PROFILE, { recursive: true });
        await profilePage(browser, `${base}${target.path}`, target, process.env.BENCH_LIGHTHOUSE_PROFILE);
      }
      const runs = [];
      for (let run = 0, attempts = 0; run < RUNS; run++) {
        const page = await browser.newPage();
        // A browser that signed in here: the app asks the server for the session only then (lib/session.ts).
        if (target.cookie?.startsWith('sid=')) await page.evaluateOnNewDocument(() => localStorage.setItem('consultorio:signed-in', '1'));
        const result = await lighthouse(
          `${base}${target.path}`,
          { logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility'], extraHeaders: target.cookie ? { Cookie: target.cookie } : undefined, ...throttling },
          undefined,
          page,
        );
        await page.close();
        const { lhr } = result;
        if (reportsDir) writeFileSync(path.join(reportsDir, `${target.name.replace(/ /g, '-')}-${run + 1}.json`), result.report);
        // Lighthouse's trace is sometimes lost on a busy machine (NO_NAVSTART): that run is made again, twice at most.
        if (lhr.runtimeError && ++attempts <= 2) {
          run--;
          continue;
        }
        if (lhr.runtimeError) throw new Error(`${target.name}: ${lhr.runtimeError.message}`);
        if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(`${base}${target.path}`).pathname) throw new Error(`${target.name}: ended on ${lhr.finalDisplayedUrl}`);
        runs.push({
          performance: lhr.categories.performance.score * 100,
          accessibility: lhr.categories.accessibility.score * 100,
          tbt: lhr.audits['total-blocking-time'].numericValue,
          lcp: lhr.audits['largest-contentful-paint'].numericValue,
          failed: Object.values(lhr.audits).filter((audit) => lhr.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0) && audit.score === 0).map((audit) => audit.id),
        });
      }
      if (runs.length === 0) continue;
      const failed = [...new Set(runs.flatMap((run) => run.failed))];
      if (failed.length) failures.push(`${target.name}: ${failed.join(', ')}`);
      console.log(
        `${target.name.padEnd(16)} ${median(runs.map((run) => run.performance)).toFixed(0).padStart(11)} ${median(runs.map((run) => run.accessibility)).toFixed(0).padStart(13)} ${`${median(runs.map((run) => run.tbt)).toFixed(0)} ms`.padStart(8)} ${`${(median(runs.map((run) => run.lcp)) / 1000).toFixed(1)} s`.padStart(8)}   ${failed.join(', ') || '-'}`,
      );
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  const loadEnd = (await import('node:os')).loadavg();
  console.log(`load average ${loadStart.map((n) => n.toFixed(2)).join(' ')} at the start, ${loadEnd.map((n) => n.toFixed(2)).join(' ')} at the end (the machine's other work slows the runs: compare on a quiet machine)`);
  return { failures };
}
