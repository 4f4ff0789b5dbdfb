import type { ApiModule } from '../../platform/api-module';
import { qaTemplatesRoutes } from './qa-templates.routes';
import { qaTemplatesErrors } from './qa-templates.errors';
import * as tables from './qa-templates.tables';

export const qaTemplatesModule: ApiModule = {
  name: 'qa-templates',
  routes: qaTemplatesRoutes,
  errors: qaTemplatesErrors,
  tables,
};
