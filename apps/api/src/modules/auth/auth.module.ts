import type { ApiModule } from '../../platform/api-module';
import { authRoutes } from './auth.routes';
import { defineAuthJobs, purgeExpiredRegistrations } from './auth.service';
import { authErrors } from './auth.errors';
import * as tables from './auth.tables';

export const authModule: ApiModule = {
  name: 'auth',
  publicRoutes: authRoutes,
  jobs: defineAuthJobs,
  purge: purgeExpiredRegistrations,
  errors: authErrors,
  tables,
};
