import type { ApiModule } from '../../platform/api-module';
import { patientsRoutes } from './patients.routes';
import { patientsErrors } from './patients.errors';
import * as tables from './patients.tables';

export const patientsModule: ApiModule = {
  name: 'patients',
  routes: patientsRoutes,
  errors: patientsErrors,
  tables,
};
