import type { ApiModule } from '../../platform/api-module';
import { filesRoutes } from './files.routes';
import * as tables from './files.tables';

export const filesModule: ApiModule = {
  name: 'files',
  routes: filesRoutes,
  tables,
};
