import { paths } from '../lib/paths';

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
  // With the calendar library (FullCalendar).
  agenda: () => import('../features/agenda/pages/agenda-page'),
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

/** The modules an address's page is drawn with, outermost first (the router matches the same patterns). */
const modulesByPattern: ReadonlyArray<readonly [pattern: string, modules: readonly PageModule[]]> = [
  [paths.bookingPagePattern, ['publicFormLayout', 'bookingPage']],
  [paths.portal, ['publicFormLayout', 'portal']],
  [paths.dashboard, ['authenticatedLayout', 'dashboard']],
  [paths.agenda, ['authenticatedLayout', 'agenda']],
  [paths.finance, ['authenticatedLayout', 'finance']],
  [paths.patients, ['authenticatedLayout', 'patients']],
  [paths.patientRecordsPattern, ['authenticatedLayout', 'patientRecords']],
  [paths.patientRecordPattern, ['authenticatedLayout', 'patientRecord']],
  [paths.patientFormsPattern, ['authenticatedLayout', 'patientForms']],
  [paths.patientFormPattern, ['authenticatedLayout', 'patientForm']],
  [paths.patientChatsPattern, ['authenticatedLayout', 'patientChats']],
  [paths.patientChatPattern, ['authenticatedLayout', 'patientChat']],
  [paths.patientMeasurementPattern, ['authenticatedLayout', 'patientMeasurement']],
  [paths.patientDocumentsPattern, ['authenticatedLayout', 'patientDocuments']],
];

/** '/patients/:patientId' as a regular expression of the whole path. */
function patternRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+');
  return new RegExp(`^${escaped}/?$`);
}

const matchers = modulesByPattern.map(([pattern, modules]) => [patternRegExp(pattern), modules] as const);

/** The page modules of an address, for preloading; none for an address not listed (the router loads it as usual). */
export function pageModulesOf(pathname: string): PageModule[] {
  return [...(matchers.find(([regExp]) => regExp.test(pathname))?.[1] ?? [])];
}

/** Starts loading the modules of the address's page; the router's own `import()` later finds them loaded or on their way. */
export function preloadPageOf(pathname: string): void {
  for (const name of pageModulesOf(pathname)) void pageModules[name]().catch(() => undefined);
}
