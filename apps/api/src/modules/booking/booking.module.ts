import type { ApiModule } from '../../platform/api-module';
import { bookingPublicRoutes, bookingRoutes } from './booking.routes';
import { defineBookingJobs, purgeExpiredRequests } from './booking.service';
import { bookingErrors } from './booking.errors';
import * as tables from './booking.tables';

export const bookingModule: ApiModule = {
  name: 'booking',
  routes: bookingRoutes,
  publicRoutes: bookingPublicRoutes,
  jobs: defineBookingJobs,
  purge: purgeExpiredRequests,
  errors: bookingErrors,
  tables,
};
