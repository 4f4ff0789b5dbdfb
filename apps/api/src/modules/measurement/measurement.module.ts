import type { ApiModule } from '../../platform/api-module';
import { measurementPublicRoutes, measurementRoutes } from './measurement.routes';
import { defineMeasurementJobs, startMeasurementClock } from './measurement.service';
import { measurementErrors } from './measurement.errors';
import * as tables from './measurement.tables';

export const measurementModule: ApiModule = {
  name: 'measurement',
  routes: measurementRoutes,
  publicRoutes: measurementPublicRoutes,
  jobs: defineMeasurementJobs,
  timers: (ctx) => startMeasurementClock(ctx, ctx.config.reminderScanSeconds),
  errors: measurementErrors,
  tables,
};
