import type { ApiModule } from '../../platform/api-module';
import { taxRoutes } from './tax.routes';
import { taxErrors } from './tax.errors';
import * as tables from './tax.tables';

export const taxModule: ApiModule = {
  name: 'tax',
  routes: taxRoutes,
  errors: taxErrors,
  tables,
};
