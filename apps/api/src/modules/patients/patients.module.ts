import type { ApiModule } from '../../platform/api-module';
import { patientsRoutes } from './patients.routes';
import * as tables from './patients.tables';

export const patientsModule: ApiModule = {
  name: 'patients',
  routes: patientsRoutes,
  tables,
};
