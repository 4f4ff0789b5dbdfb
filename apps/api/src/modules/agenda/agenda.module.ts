import type { ApiModule } from '../../platform/api-module';
import { agendaPublicRoutes, agendaRoutes } from './agenda.routes';
import { defineAgendaJobs, startAgendaClock } from './agenda.service';
import { agendaErrors } from './agenda.errors';
import * as tables from './agenda.tables';

export const agendaModule: ApiModule = {
  name: 'agenda',
  routes: agendaRoutes,
  publicRoutes: agendaPublicRoutes,
  jobs: defineAgendaJobs,
  timers: (ctx) => startAgendaClock(ctx, ctx.config.reminderScanSeconds),
  errors: agendaErrors,
  tables,
};
