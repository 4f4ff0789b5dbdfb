import type { ApiModule } from '../../platform/api-module';
import { usersPublicRoutes, usersRoutes } from './users.routes';
import { defineUsersJobs, purgeExpiredRecoveries } from './users.service';
import { usersErrors } from './users.errors';
import * as tables from './users.tables';

export const usersModule: ApiModule = {
  name: 'users',
  routes: usersRoutes,
  publicRoutes: usersPublicRoutes,
  jobs: defineUsersJobs,
  purge: purgeExpiredRecoveries,
  errors: usersErrors,
  tables,
};
