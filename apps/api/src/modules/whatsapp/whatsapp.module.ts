import type { ApiModule } from '../../platform/api-module';
import { whatsappPublicRoutes } from './whatsapp.routes';
import { defineWhatsappJobs, purgeInbound } from './whatsapp.service';
import { whatsappErrors } from './whatsapp.errors';
import * as tables from './whatsapp.tables';

/** The WhatsApp Business webhook: the patients' answers to reminders, 'PARAR', and the statuses of the messages the agenda sent. */
export const whatsappModule: ApiModule = {
  name: 'whatsapp',
  publicRoutes: whatsappPublicRoutes,
  jobs: defineWhatsappJobs,
  purge: purgeInbound,
  errors: whatsappErrors,
  tables,
};
