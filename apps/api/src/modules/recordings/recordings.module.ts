import type { ApiModule } from '../../platform/api-module';
import { subscribe } from '../../platform/hooks';
import { recordDeleting } from '../records/records.service';
import { recordingsRoutes } from './recordings.routes';
import { defineRecordingJobs, deleteRecordRecordings, purgeExpiredAudio } from './recordings.service';
import { recordingsErrors } from './recordings.errors';
import * as tables from './recordings.tables';

export const recordingsModule: ApiModule = {
  name: 'recordings',
  routes: recordingsRoutes,
  jobs: defineRecordingJobs,
  purge: purgeExpiredAudio,
  hooks: [subscribe(recordDeleting, deleteRecordRecordings)],
  errors: recordingsErrors,
  tables,
};
