import {
  agendaApi,
  bookingApi,
  dashboardApi,
  financeApi,
  measurementApi,
  patientsApi,
  portalApi,
  taxApi,
  urlOf,
  usersApi,
} from '@consultorio/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import type { Clock } from './clock';

/**
 * The answers a page asks for first, written into its HTML (issue 34): on a phone each call the
 * page makes after its JavaScript has loaded is a round trip more before anything is drawn. The
 * server asks its own routes (`inject`, with the visitor's cookie and address: the same checks,
 * limits and logs as the page's own call) for the calls the page will make, and the web app's
 * API client answers a GET of exactly one of those URLs from the HTML, once, during the first
 * load. A URL spelled differently by the page is only a call it makes itself: never wrong data.
 */

/** One answer as the route gave it. */
export interface FirstAnswer {
  status: number;
  body: string;
}

/** An answer larger than this is left to the page's own call (the HTML is not a download). */
const MAX_ANSWER_CHARS = 256 * 1024;

type Ask = (url: string) => Promise<{ status: number; data: unknown }>;

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

function dataOf(answer: { status: number; data: unknown }): Record<string, unknown> | undefined {
  if (answer.status !== 200 || typeof answer.data !== 'object' || answer.data === null) return undefined;
  const data = (answer.data as { data?: unknown }).data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined;
}

function timeZoneOf(record: unknown): string | undefined {
  const timeZone = (record as { timeZone?: unknown } | undefined)?.timeZone;
  return typeof timeZone === 'string' && DateTime.now().setZone(timeZone).isValid ? timeZone : undefined;
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

/** The route of the cards' agenda summaries takes at most this many patients (features/agenda/api/get-appointment-summaries.ts). */
const SUMMARIES_PER_CALL = 100;

async function askPatients(ask: Ask, _timeZone: string, { search }: PageInput): Promise<void> {
  const list = dataOf(await ask(urlOf(patientsApi.list, { query: { q: (search.get('q') ?? '').trim() } })));
  const patients = Array.isArray(list?.patients) ? (list.patients as Array<{ id?: unknown }>) : [];
  const ids = patients.map((patient) => patient.id).filter((id): id is string => typeof id === 'string');
  // The cards ask for their summaries in one call, in the list's order.
  if (ids.length > 0) await ask(urlOf(agendaApi.summaries, { query: { patientIds: ids.slice(0, SUMMARIES_PER_CALL).join(',') } }));
}

async function askBookingPage(ask: Ask, { match, now }: PageInput): Promise<void> {
  const slug = decodeURIComponent(match[1] ?? '');
  const timeZone = timeZoneOf(dataOf(await ask(urlOf(bookingApi.profile, { params: { slug } })))?.profile);
  if (timeZone === undefined) return;
  const { today } = nowIn(now, timeZone);
  const to = DateTime.fromISO(today, { zone: 'utc' }).plus({ days: 6 }).toFormat('yyyy-MM-dd');
  await ask(urlOf(bookingApi.slots, { params: { slug }, query: { from: today, to } }));
}

const CONSENT_REQUIRED = 'PORTAL_CONSENT_REQUIRED';

async function askPortal(ask: Ask, { search }: PageInput): Promise<void> {
  // A link from the sign-in mail signs in first: the page asks nothing before that.
  if ((search.get('token') ?? '') !== '') return;
  const appointments = await ask(urlOf(portalApi.appointments, {}));
  if (appointments.status === 200) {
    await Promise.all([portalApi.forms, portalApi.balance, portalApi.receipts, portalApi.documents].map((route) => ask(urlOf(route, {}))));
  } else if ((appointments.data as { code?: unknown } | null)?.code === CONSENT_REQUIRED) {
    await ask(urlOf(portalApi.consent, {}));
  }
}

/** The web app's addresses (apps/web/src/lib/paths.ts) whose first calls are known here. */
const recipes: readonly PageRecipe[] = [
  { pattern: /^\/agendar\/([^/]+)\/?$/, isPublic: true, ask: askBookingPage },
  { pattern: /^\/portal\/?$/, ask: askPortal },
  signedInPage(/^\/dashboard\/?$/, askDashboard),
  signedInPage(/^\/patients\/?$/, askPatients),
  signedInPage(/^\/(agenda|finance|billing|user(\/.*)?|patients\/[^/]+(\/.*)?|sala\/[^/]+)\/?$/),
];

/**
 * The first answers of the page at `request`'s address, by URL; undefined for a page whose calls
 * are not known here, or a visitor without a cookie on a page behind a sign-in.
 */
export async function firstAnswersOf(app: FastifyInstance, request: FastifyRequest, clock: Clock): Promise<Map<string, FirstAnswer> | undefined> {
  const url = new URL(request.url, 'http://page.invalid');
  const recipe = recipes.find((candidate) => candidate.pattern.test(url.pathname));
  if (!recipe) return undefined;
  const cookie = request.headers.cookie;
  if (recipe.isPublic !== true && (cookie === undefined || cookie === '')) return undefined;
  const answers = new Map<string, FirstAnswer>();
  const ask: Ask = async (answerUrl) => {
    const response = await app.inject({
      method: 'GET',
      url: answerUrl,
      remoteAddress: request.ip,
      headers: { accept: 'application/json', ...(cookie ? { cookie } : {}), ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}) },
    });
    const body = response.body;
    if (response.statusCode < 500 && body.length <= MAX_ANSWER_CHARS) answers.set(answerUrl, { status: response.statusCode, body });
    let data: unknown = null;
    try {
      data = JSON.parse(body);
    } catch {
      // Not JSON: nothing a later call depends on.
    }
    return { status: response.statusCode, data };
  };
  await recipe.ask(ask, { match: recipe.pattern.exec(url.pathname) as RegExpExecArray, search: url.searchParams, now: clock.now() });
  return answers.size > 0 ? answers : undefined;
}

/** Where the answers go in index.html: a JSON data block (never run, so the content security policy is untouched). */
export const FIRST_ANSWERS_ELEMENT_ID = 'first-answers';

/** index.html with the answers before `</body>`; every '<' escaped, so no answer can close the element. */
export function htmlWithFirstAnswers(html: string, answers: ReadonlyMap<string, FirstAnswer>): string {
  const json = JSON.stringify(Object.fromEntries(answers)).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${FIRST_ANSWERS_ELEMENT_ID}">${json}</script>`;
  const at = html.lastIndexOf('</body>');
  return at === -1 ? html + block : `${html.slice(0, at)}${block}\n  ${html.slice(at)}`;
}
