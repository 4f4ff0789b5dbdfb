import type { ApiModule } from '../../platform/api-module';
import { assistantsRoutes } from './assistants.routes';
import { assistantsErrors } from './assistants.errors';
import * as tables from './assistants.tables';

export const assistantsModule: ApiModule = {
  name: 'assistants',
  routes: assistantsRoutes,
  errors: assistantsErrors,
  tables,
};
