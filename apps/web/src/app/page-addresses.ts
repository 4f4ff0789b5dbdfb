import { paths } from '../lib/paths.ts';

/**
 * The modules an address's page is drawn with, outermost first, by the names of `pageModules`
 * (page-modules.ts; the router matches the same patterns). A module of its own, importing only
 * the paths, because the build reads it too: it writes each address's files into
 * page-preloads.json, which the server names in the page's HTML (vite-plugins.ts `pagePreloads`).
 */
export const modulesByPattern = [
  [paths.bookingPagePattern, ['publicFormLayout', 'bookingPage']],
  [paths.portal, ['publicFormLayout', 'portal']],
  [paths.dashboard, ['authenticatedLayout', 'dashboard']],
  [paths.agenda, ['authenticatedLayout', 'agenda', 'agendaCalendar']],
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
] as const satisfies ReadonlyArray<readonly [pattern: string, modules: readonly string[]]>;

/** The layout of the pages behind the login: the server names their files only to a visitor with a session cookie. */
export const SIGNED_IN_LAYOUT = 'authenticatedLayout';

/** '/patients/:patientId' as a regular expression of the whole path, each parameter a named group. */
export function patternRegExp(pattern: string): RegExp {
  const escaped = pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:([A-Za-z]+)/g, '(?<$1>[^/]+)');
  return new RegExp(`^${escaped}/?$`);
}
