import type { ApiModule } from '../../platform/api-module';
import { recordingsRoutes } from './recordings.routes';
import { defineRecordingJobs, purgeExpiredAudio } from './recordings.service';
import { recordingsErrors } from './recordings.errors';
import * as tables from './recordings.tables';

export const recordingsModule: ApiModule = {
  name: 'recordings',
  routes: recordingsRoutes,
  jobs: defineRecordingJobs,
  purge: purgeExpiredAudio,
  errors: recordingsErrors,
  tables,
};
