import { hasSignedIn } from '../lib/session';
import { modulesByPattern, patternRegExp, SIGNED_IN_LAYOUT } from './page-addresses';

/**
 * Every page's module, each a chunk of its own loaded on demand. The router (router.tsx) takes
 * its pages from here, and main.tsx starts loading the page of the address at once, beside the
 * router's own chunk, instead of after it (issue 34: one step less before the first paint). The
 * `import()` must be written out in each entry (the bundler splits on it), and nothing in the
 * first load may import these modules statically, or they would join the login page's JavaScript.
 */
export const pageModules = {
  register: () => import('../features/auth/pages/register-page'),
  confirmRegistration: () => import('../features/auth/pages/confirm-registration-page'),
  confirmEmailUpdate: () => import('../features/auth/pages/confirm-email-update-page'),
  publicFormLayout: () => import('./layouts/public-form-layout'),
  publicForm: () => import('../features/forms/pages/public-form-page'),
  publicAppointment: () => import('../features/agenda/pages/public-appointment-page'),
  bookingPage: () => import('../features/booking/pages/booking-page'),
  portal: () => import('../features/portal/pages/portal-page'),
  confirmBooking: () => import('../features/booking/pages/confirm-booking-page'),
  patientVideoRoom: () => import('../features/video/pages/patient-room-page'),
  authenticatedLayout: () => import('./layouts/authenticated-layout'),
  dashboard: () => import('./routes/dashboard-page'),
  agenda: () => import('../features/agenda/pages/agenda-page'),
  // Not a page: the agenda's calendar (FullCalendar), which the agenda draws after its frame
  // (agenda-page.tsx); listed so that its chunk starts loading beside the page's.
  agendaCalendar: () => import('../features/agenda/components/agenda-calendar'),
  videoRoom: () => import('./routes/video-room-page'),
  accountLayout: () => import('./routes/account-layout'),
  account: () => import('./routes/account-page'),
  qaTemplates: () => import('../features/forms/pages/qa-templates-page'),
  qaTemplate: () => import('./routes/qa-template-page'),
  noteTemplates: () => import('../features/records/pages/note-templates-page'),
  aiAssistants: () => import('../features/chats/pages/ai-assistants-page'),
  billing: () => import('../features/billing/pages/billing-page'),
  finance: () => import('../features/finance/pages/finance-page'),
  patients: () => import('./routes/patients-page'),
  patientChats: () => import('./routes/patient-chats-page'),
  // With the markdown renderer.
  patientChat: () => import('./routes/patient-chat-page'),
  patientForms: () => import('./routes/patient-forms-page'),
  patientForm: () => import('./routes/patient-form-page'),
  // The charts (Recharts) are a further chunk, loaded when one is drawn.
  patientMeasurement: () => import('./routes/patient-measurement-page'),
  patientRecords: () => import('./routes/patient-records-page'),
  patientDocuments: () => import('./routes/patient-documents-page'),
  // With the rich-text editor (Quill).
  patientRecord: () => import('./routes/patient-record-page'),
} as const;

type PageModule = keyof typeof pageModules;

const matchers = modulesByPattern.map(([pattern, modules]) => [patternRegExp(pattern), modules satisfies readonly PageModule[]] as const);

/** The page modules of an address and its path parameters; no modules for an address not listed (the router loads it as usual). */
export function pageModulesOf(pathname: string): { modules: PageModule[]; params: Record<string, string> } {
  for (const [regExp, modules] of matchers) {
    const match = regExp.exec(pathname);
    if (match) return { modules: [...modules], params: decodedParams(match.groups ?? {}) };
  }
  return { modules: [], params: {} };
}

function decodedParams(groups: Record<string, string>): Record<string, string> {
  try {
    return Object.fromEntries(Object.entries(groups).map(([name, value]) => [name, decodeURIComponent(value)]));
  } catch {
    return {};
  }
}

/**
 * What a page module may export to ask for its data as soon as it loads, beside the session check,
 * instead of after the layout has drawn it: the same queries its components read, so they find
 * them answered or on their way.
 */
export type PrefetchData = (params: Record<string, string>, search: URLSearchParams) => void;

function prefetchOf(module: unknown): PrefetchData | undefined {
  const candidate = (module as { prefetchData?: unknown }).prefetchData;
  return typeof candidate === 'function' ? (candidate as PrefetchData) : undefined;
}

/**
 * Starts loading the modules of the address's page, and then the page's data; the router's own
 * `import()` later finds them loaded or on their way. Answers whether the page is one of the
 * patient's pages, drawn without the professional's session.
 */
export function preloadPageOf(location: Pick<Location, 'pathname' | 'search'>): { isPatientPage: boolean } {
  const { modules, params } = pageModulesOf(location.pathname);
  // A page behind the login asks for its data only from a browser that signed in.
  const mayPrefetch = !modules.includes(SIGNED_IN_LAYOUT) || hasSignedIn();
  for (const name of modules) {
    pageModules[name]().then(
      (module) => {
        if (mayPrefetch) prefetchOf(module)?.(params, new URLSearchParams(location.search));
      },
      () => undefined,
    );
  }
  return { isPatientPage: modules.includes('publicFormLayout') };
}
