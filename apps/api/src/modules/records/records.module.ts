import type { ApiModule } from '../../platform/api-module';
import { recordsRoutes } from './records.routes';
import { recordsErrors } from './records.errors';
import * as tables from './records.tables';

export const recordsModule: ApiModule = {
  name: 'records',
  routes: recordsRoutes,
  errors: recordsErrors,
  tables,
};
