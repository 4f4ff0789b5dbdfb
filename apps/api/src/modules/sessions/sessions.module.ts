import type { ApiModule } from '../../platform/api-module';
import { sessionsRoutes } from './sessions.routes';
import { purgeExpiredSessions } from './sessions.service';
import { sessionsErrors } from './sessions.errors';
import * as tables from './sessions.tables';

export const sessionsModule: ApiModule = {
  name: 'sessions',
  routes: sessionsRoutes,
  purge: purgeExpiredSessions,
  errors: sessionsErrors,
  tables,
};
