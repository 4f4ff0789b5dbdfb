import { agendaApi } from './agenda';
import { authApi } from './auth';
import { billingApi } from './billing';
import { bookingApi } from './booking';
import { assistantsApi, chatsApi } from './chats';
import { dashboardApi } from './dashboard';
import { documentsApi } from './documents';
import { filesApi, healthApi } from './files';
import { financeApi } from './finance';
import { formsApi, qaTemplatesApi } from './forms';
import { measurementApi } from './measurement';
import { patientsApi } from './patients';
import { recordingsApi } from './recordings';
import { portalApi } from './portal';
import { recordsApi } from './records';
import type { ApiRoute } from './route';
import { sessionsApi } from './sessions';
import { taxApi } from './tax';
import { usersApi } from './users';
import { videoApi } from './video';
import { whatsappApi } from './whatsapp';

export * from './route';
export * from './first-answers';
export { certificateUpload, signedPdfUpload } from './documents';
export { agendaApi, bookingApi, portalApi, documentsApi, financeApi, sessionsApi, authApi, billingApi, assistantsApi, chatsApi, dashboardApi, filesApi, healthApi, formsApi, qaTemplatesApi, measurementApi, patientsApi, recordsApi, recordingsApi, usersApi, taxApi, videoApi, whatsappApi };

const groups = [agendaApi, bookingApi, portalApi, financeApi, authApi, usersApi, sessionsApi, patientsApi, dashboardApi, qaTemplatesApi, formsApi, measurementApi, recordsApi, documentsApi, assistantsApi, chatsApi, billingApi, filesApi, healthApi, videoApi, whatsappApi, taxApi, recordingsApi];

function isRoute(value: unknown): value is ApiRoute {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value;
}

function routesIn(value: object): ApiRoute[] {
  return Object.values(value).flatMap((entry: object) => (isRoute(entry) ? [entry] : routesIn(entry)));
}

/** Every route of the API, for the checks that walk them all. */
export function allApiRoutes(): ApiRoute[] {
  return groups.flatMap(routesIn);
}
