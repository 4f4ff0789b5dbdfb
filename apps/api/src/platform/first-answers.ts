import {
  agendaApi,
  bookingApi,
  dashboardApi,
  financeApi,
  formsApi,
  hasExpenseBook,
  isIsoMonth,
  isMonthInRange,
  limits,
  measurementApi,
  patientsApi,
  portalApi,
  recordingsApi,
  recordsApi,
  FIRST_ANSWERS_ELEMENT_ID,
  firstAnswersJson,
  taxApi,
  urlOf,
  usersApi,
  type FirstAnswer,
} from '@consultorio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DateTime, IANAZone } from 'luxon';
import type { Clock } from './clock';
import { REQUEST_ID_HEADER } from './log-context';

/**
 * The answers a page asks for first, written into its HTML (issue 34): on a phone each call the
 * page makes after its JavaScript has loaded is a round trip more before anything is drawn. The
 * server asks its own routes (`inject`, with the visitor's cookie and address: the same checks,
 * limits and logs as the page's own call) for the calls the page will make, and the web app's
 * API client answers a GET of exactly one of those URLs from the HTML, once, during the first
 * load. A URL spelled differently by the page is only a call it makes itself: never wrong data.
 */

/** The answers one page carries at most: one that would go beyond is left to the page's own call (the HTML is not a download). */
const MAX_PAGE_ANSWERS_CHARS = 512 * 1024;

/**
 * After the first call (the session check, the booking profile, the portal's appointments), the
 * HTML waits at most this long for the others: those not in by then are the page's own calls.
 * The first call is always waited for (up to FIRST_CALL_LIMIT_MS): it is the one that may extend
 * the session, and the cookie it sets must reach the browser.
 */
const ANSWERS_BUDGET_MS = 300;
const FIRST_CALL_LIMIT_MS = 5_000;

/** Resolves when `promise` settles or after `ms`, whichever comes first. */
async function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  try {
    await Promise.race([promise.then(() => undefined, () => undefined), elapsed]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Only what the browser can turn back into the same answer: a body the client reads (no 204,
 * 205 or 304) that is a success or the caller's error; a server failure is left to the page.
 */
function isWritable(status: number): boolean {
  return (status >= 200 && status < 300 && status !== 204 && status !== 205) || (status >= 400 && status < 500);
}

/** A route's answer as `inject` gave it; its body is parsed only by a page whose next calls depend on it. */
interface Answer {
  status: number;
  body: string;
}

type Ask = (url: string) => Promise<Answer>;

/** What a page's calls may depend on besides earlier answers: its address's query, and now. */
interface PageInput {
  match: RegExpExecArray;
  search: URLSearchParams;
  now: Date;
}

interface PageRecipe {
  pattern: RegExp;
  /** Whether the page is drawn for a visitor without any cookie (the booking page). */
  isPublic?: boolean;
  /** Asks for the page's calls, in the order the page makes them (a later call may need an earlier answer). */
  ask: (ask: Ask, page: PageInput) => Promise<void>;
}

/** The answer's envelope (`{ status, data, code }`), or undefined when it is not JSON. */
function envelopeOf(answer: Answer): { data?: unknown; code?: unknown } | undefined {
  try {
    const parsed: unknown = JSON.parse(answer.body);
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The data of a 200 answer. */
function dataOf(answer: Answer): Record<string, unknown> | undefined {
  if (answer.status !== 200) return undefined;
  const data = envelopeOf(answer)?.data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined;
}

function timeZoneOf(record: unknown): string | undefined {
  const timeZone = (record as { timeZone?: unknown } | undefined)?.timeZone;
  // luxon keeps one zone per name, checked once (a check builds a formatter: 0.17 ms a page).
  return typeof timeZone === 'string' && IANAZone.create(timeZone).isValid ? timeZone : undefined;
}

/** The signed-in professional's time zone, after the session check every signed-in page makes first; undefined when signed out. */
async function askSession(ask: Ask): Promise<string | undefined> {
  return timeZoneOf(dataOf(await ask(urlOf(usersApi.me, {})))?.user);
}

/** The month (YYYY-MM) and the day (midnight to midnight, ISO instants) of now in the zone, as the web app computes them. */
function nowIn(instant: Date, timeZone: string): { month: string; today: string; day: { from: string; to: string } } {
  const now = DateTime.fromJSDate(instant).setZone(timeZone);
  const start = now.startOf('day');
  return {
    month: now.toFormat('yyyy-MM'),
    today: now.toFormat('yyyy-MM-dd'),
    day: { from: start.toUTC().toISO() ?? '', to: start.plus({ days: 1 }).toUTC().toISO() ?? '' },
  };
}

/** A signed-in page that makes only the session check before its own calls, or only that. */
function signedInPage(pattern: RegExp, askPage?: (ask: Ask, timeZone: string, page: PageInput) => Promise<unknown>): PageRecipe {
  return {
    pattern,
    ask: async (ask, page) => {
      const timeZone = await askSession(ask);
      if (timeZone !== undefined && askPage) await askPage(ask, timeZone, page);
    },
  };
}

async function askDashboard(ask: Ask, timeZone: string, { now }: PageInput): Promise<void> {
  const { month, day } = nowIn(now, timeZone);
  await Promise.all([
    ask(urlOf(measurementApi.listAlerts, { query: { status: 'open' } })),
    ask(urlOf(dashboardApi.stats, {})),
    ask(urlOf(dashboardApi.supportContacts, {})),
    ask(urlOf(taxApi.carneLeaoSummary, { query: { month } })),
    ask(urlOf(agendaApi.list, { query: day })),
    ask(urlOf(financeApi.summary, { query: { month } })),
  ]);
}

async function askPatients(ask: Ask, _timeZone: string, { search }: PageInput): Promise<void> {
  const list = dataOf(await ask(urlOf(patientsApi.list, { query: { q: (search.get('q') ?? '').trim() } })));
  const patients = Array.isArray(list?.patients) ? (list.patients as Array<{ id?: unknown }>) : [];
  const ids = patients.map((patient) => patient.id).filter((id): id is string => typeof id === 'string');
  // The page asks for its first patients' summaries in one call, in the list's order, as soon as the list comes (web app: app/routes/patients-page.tsx, prefetchPatientAgendaSummaries).
  if (ids.length > 0) await ask(urlOf(agendaApi.summaries, { query: { patientIds: ids.slice(0, limits.appointmentSummaryPatientsMax).join(',') } }));
}

async function askBookingPage(ask: Ask, { match, now }: PageInput): Promise<void> {
  const slug = decodeURIComponent(match[1] ?? '');
  const timeZone = timeZoneOf(dataOf(await ask(urlOf(bookingApi.profile, { params: { slug } })))?.profile);
  if (timeZone === undefined) return;
  const { today } = nowIn(now, timeZone);
  const to = DateTime.fromISO(today, { zone: 'utc' }).plus({ days: 6 }).toFormat('yyyy-MM-dd');
  await ask(urlOf(bookingApi.slots, { params: { slug }, query: { from: today, to } }));
}

/** What the frame of a patient's page asks for: the patient, their open alerts and their agenda summary. */
function askPatientFrame(ask: Ask, patientId: string): Array<Promise<unknown>> {
  return [
    ask(urlOf(patientsApi.get, { params: { id: patientId } })),
    ask(urlOf(measurementApi.listAlerts, { query: { status: 'open', patientId } })),
    ask(urlOf(agendaApi.summaries, { query: { patientIds: patientId } })),
  ];
}

async function askRecord(ask: Ask, _timeZone: string, { match }: PageInput): Promise<void> {
  const [, patientId = '', recordId = ''] = match.map((part) => decodeURIComponent(part));
  await Promise.all([
    ask(urlOf(recordsApi.get, { params: { id: recordId } })),
    ...askPatientFrame(ask, patientId),
    ask(urlOf(recordingsApi.list, { params: { id: recordId } })),
  ]);
}

async function askQuestionnaire(ask: Ask, _timeZone: string, { match }: PageInput): Promise<void> {
  const [, patientId = '', formId = ''] = match.map((part) => decodeURIComponent(part));
  await Promise.all([ask(urlOf(formsApi.get, { params: { id: formId } })), ...askPatientFrame(ask, patientId)]);
}

/** The month finance shows (`?month=`, or this month in the zone) and its five lists, as features/finance/pages/finance-page.tsx asks for them. */
async function askFinance(ask: Ask, timeZone: string, { search, now }: PageInput): Promise<void> {
  const requested = search.get('month');
  const currentMonth = nowIn(now, timeZone).month;
  const month = requested !== null && isIsoMonth(requested) && isMonthInRange(requested) ? requested : currentMonth;
  await Promise.all([
    ask(urlOf(financeApi.summary, { query: { month } })),
    ask(urlOf(taxApi.carneLeaoSummary, { query: { month } })),
    ask(urlOf(financeApi.pending, { query: { month } })),
    ask(urlOf(financeApi.listPayments, { query: { month } })),
    ...(hasExpenseBook(month, Number(currentMonth.slice(0, 4))) ? [ask(urlOf(taxApi.listExpenses, { query: { year: Number(month.slice(0, 4)), month: month.slice(5, 7) } }))] : []),
  ]);
}

const CONSENT_REQUIRED = 'PORTAL_CONSENT_REQUIRED';

async function askPortal(ask: Ask, { search }: PageInput): Promise<void> {
  // A link from the sign-in mail signs in first: the page asks nothing before that.
  if ((search.get('token') ?? '').trim() !== '') return;
  const appointments = await ask(urlOf(portalApi.appointments, {}));
  if (appointments.status === 200) {
    await Promise.all([portalApi.forms, portalApi.balance, portalApi.receipts, portalApi.documents].map((route) => ask(urlOf(route, {}))));
  } else if (envelopeOf(appointments)?.code === CONSENT_REQUIRED) {
    await ask(urlOf(portalApi.consent, {}));
  }
}

/** The web app's addresses (apps/web/src/lib/paths.ts) whose first calls are known here. */
const recipes: readonly PageRecipe[] = [
  { pattern: /^\/agendar\/([^/]+)\/?$/, isPublic: true, ask: askBookingPage },
  { pattern: /^\/portal\/?$/, ask: askPortal },
  signedInPage(/^\/dashboard\/?$/, askDashboard),
  signedInPage(/^\/patients\/?$/, askPatients),
  signedInPage(/^\/patients\/([^/]+)\/records\/([^/]+)\/?$/, askRecord),
  signedInPage(/^\/patients\/([^/]+)\/forms\/([^/]+)\/?$/, askQuestionnaire),
  signedInPage(/^\/finance\/?$/, askFinance),
  // The agenda's first range depends on the screen's width (a day on a phone, a week otherwise).
  signedInPage(/^\/(agenda|billing|user(\/.*)?|patients\/[^/]+(\/.*)?|sala\/[^/]+)\/?$/),
];

/** What a page with answers carries: the answers by URL, and the cookies the routes set (a session extended). */
export interface FirstAnswers {
  answers: Map<string, FirstAnswer>;
  setCookies: string[];
}

/**
 * Whether this request may have answers written into its page: a browser's navigation to it
 * (`Sec-Fetch-Mode: navigate`: link previews, mail scanners and scripts get the static file and
 * start no query), and for a page behind a sign-in only from the app itself or the address bar
 * (`Sec-Fetch-Site` same-origin or none), so that another site opening a page cannot time a search
 * of the visitor's patients.
 */
function isAnsweredNavigation(request: FastifyRequest, recipe: PageRecipe): boolean {
  if (request.headers['sec-fetch-mode'] !== 'navigate') return false;
  if (recipe.isPublic === true) return true;
  const site = request.headers['sec-fetch-site'];
  const cookie = request.headers.cookie;
  return (site === 'same-origin' || site === 'none') && cookie !== undefined && cookie !== '';
}

/**
 * The first answers of the page at `request`'s address, by URL, with the cookies their routes
 * set; undefined for a page whose calls are not known here, or a request that may not have them
 * (isAnsweredNavigation). Those that answered within ANSWERS_BUDGET_MS only.
 */
export async function firstAnswersOf(app: FastifyInstance, request: FastifyRequest, clock: Clock): Promise<FirstAnswers | undefined> {
  const url = new URL(request.url, 'http://page.invalid');
  const recipe = recipes.find((candidate) => candidate.pattern.test(url.pathname));
  if (!recipe || !isAnsweredNavigation(request, recipe)) return undefined;
  const answers = new Map<string, FirstAnswer>();
  const setCookies: string[] = [];
  let writtenChars = 0;
  let callCount = 0;
  let firstCallSettled: Promise<unknown> | undefined;
  const ask: Ask = (answerUrl) => {
    callCount += 1;
    const call = askRoute(app, request, answerUrl, callCount).then(({ status, body, cookies }) => {
      if (isWritable(status) && writtenChars + body.length <= MAX_PAGE_ANSWERS_CHARS) {
        answers.set(answerUrl, { status, body });
        writtenChars += body.length;
      }
      setCookies.push(...cookies);
      return { status, body };
    });
    firstCallSettled ??= call;
    return call;
  };
  const match = recipe.pattern.exec(url.pathname) as RegExpExecArray;
  const asked = recipe.ask(ask, { match, search: url.searchParams, now: clock.now() });
  // A call still running after the budget goes on (and is logged); its answer is not written.
  asked.catch((error: unknown) => request.log.warn({ err: error }, 'first answer failed'));
  await settledWithin(firstCallSettled ?? asked, FIRST_CALL_LIMIT_MS);
  await settledWithin(asked, ANSWERS_BUDGET_MS);
  return answers.size > 0 || setCookies.length > 0 ? { answers: new Map(answers), setCookies: [...setCookies] } : undefined;
}

/** One of the page's calls, asked of the app's own route. */
async function askRoute(app: FastifyInstance, request: FastifyRequest, url: string, callNumber: number) {
  const response = await app.inject({ method: 'GET', url, remoteAddress: request.ip, headers: forwardedHeaders(request, callNumber) });
  const cookies = response.headers['set-cookie'];
  return { status: response.statusCode, body: response.body, cookies: cookies === undefined ? [] : Array.isArray(cookies) ? cookies : [cookies] };
}

/** The visitor's cookie, browser and address for the page's calls, and a request id that ties them to the page's. */
function forwardedHeaders(request: FastifyRequest, callNumber: number): Record<string, string> {
  const { cookie } = request.headers;
  const userAgent = request.headers['user-agent'];
  return {
    accept: 'application/json',
    [REQUEST_ID_HEADER]: `${request.id}.first-answer-${callNumber}`.slice(-128),
    ...(cookie ? { cookie } : {}),
    ...(userAgent ? { 'user-agent': userAgent } : {}),
  };
}

/** index.html with the answers before `</body>`, in a JSON data block (never run: the content security policy is untouched). */
export function htmlWithFirstAnswers(html: string, answers: ReadonlyMap<string, FirstAnswer>): string {
  const block = `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${firstAnswersJson(answers)}</script>`;
  const at = html.lastIndexOf('</body>');
  return at === -1 ? html + block : `${html.slice(0, at)}${block}\n  ${html.slice(at)}`;
}
