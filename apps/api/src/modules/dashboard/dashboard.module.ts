import type { ApiModule } from '../../platform/api-module';
import { dashboardRoutes } from './dashboard.routes';

export const dashboardModule: ApiModule = {
  name: 'dashboard',
  routes: dashboardRoutes,
  tables: {},
};
