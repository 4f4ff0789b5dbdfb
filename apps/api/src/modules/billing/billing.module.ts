import type { ApiModule } from '../../platform/api-module';
import { billingPublicRoutes, billingRoutes } from './billing.routes';
import { defineBillingJobs } from './billing.stripe';
import { billingErrors } from './billing.errors';
import * as tables from './billing.tables';

export const billingModule: ApiModule = {
  name: 'billing',
  routes: billingRoutes,
  publicRoutes: billingPublicRoutes,
  jobs: defineBillingJobs,
  errors: billingErrors,
  tables,
};
