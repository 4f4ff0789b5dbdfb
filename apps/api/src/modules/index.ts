import type { ApiModule } from '../platform/api-module';
import { registerErrors } from '../platform/errors';
import { sessionsModule } from './sessions/sessions.module';
import { auditModule } from './audit/audit.module';
import { throttlingModule } from './throttling/throttling.module';
import { filesModule } from './files/files.module';
import { usersModule } from './users/users.module';
import { billingModule } from './billing/billing.module';
import { authModule } from './auth/auth.module';
import { patientsModule } from './patients/patients.module';
import { videoModule } from './video/video.module';
import { agendaModule } from './agenda/agenda.module';
import { whatsappModule } from './whatsapp/whatsapp.module';
import { financeModule } from './finance/finance.module';
import { taxModule } from './tax/tax.module';
import { qaTemplatesModule } from './qa-templates/qa-templates.module';
import { assistantsModule } from './assistants/assistants.module';
import { formsModule } from './forms/forms.module';
import { measurementModule } from './measurement/measurement.module';
import { bookingModule } from './booking/booking.module';
import { recordsModule } from './records/records.module';
import { chatsModule } from './chats/chats.module';
import { documentsModule } from './documents/documents.module';
import { recordingsModule } from './recordings/recordings.module';
import { portalModule } from './portal/portal.module';
import { patientExportModule } from './patient-export/patient-export.module';
import { dashboardModule } from './dashboard/dashboard.module';

/**
 * The API's modules from the bottom up: a module may import (the services of) the modules before
 * it, never those after it, so the graph between modules has no cycle (eslint.boundaries.js reads
 * this list). `buildApp` registers each module's routes, jobs, timers and hooks in this order.
 * A new module is a folder with its `<name>.module.ts`, and one line here.
 */
export const apiModules: readonly ApiModule[] = [
  sessionsModule,
  auditModule,
  throttlingModule,
  filesModule,
  usersModule,
  billingModule,
  authModule,
  patientsModule,
  videoModule,
  agendaModule,
  whatsappModule,
  financeModule,
  taxModule,
  qaTemplatesModule,
  assistantsModule,
  formsModule,
  measurementModule,
  // After measurement: a first booking sends the intake questionnaire through its form mail.
  bookingModule,
  recordsModule,
  chatsModule,
  documentsModule,
  recordingsModule,
  portalModule,
  patientExportModule,
  dashboardModule,
];


// The codes `AppError` answers with: the platform's and every module's (a code declared twice stops the start).
registerErrors(apiModules);
