import type { ApiModule } from '../../platform/api-module';
import { patientExportRoutes } from './patient-export.routes';

export const patientExportModule: ApiModule = {
  name: 'patient-export',
  routes: patientExportRoutes,
  tables: {},
};
