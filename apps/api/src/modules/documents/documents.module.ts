import type { ApiModule } from '../../platform/api-module';
import { closeDocumentRenderer } from './document-renderer';
import { documentsRoutes } from './documents.routes';
import { defineDocumentsJobs } from './documents.service';
import { documentsErrors } from './documents.errors';
import * as tables from './documents.tables';

export const documentsModule: ApiModule = {
  name: 'documents',
  routes: documentsRoutes,
  jobs: defineDocumentsJobs,
  close: closeDocumentRenderer,
  errors: documentsErrors,
  tables,
};
