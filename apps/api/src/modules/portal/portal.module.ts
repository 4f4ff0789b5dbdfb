import type { ApiModule } from '../../platform/api-module';
import { portalPublicRoutes, portalRoutes } from './portal.routes';
import { purgeExpiredPortal } from './portal.service';
import { portalErrors } from './portal.errors';
import * as tables from './portal.tables';

export const portalModule: ApiModule = {
  name: 'portal',
  routes: portalRoutes,
  publicRoutes: portalPublicRoutes,
  purge: purgeExpiredPortal,
  errors: portalErrors,
  tables,
};
