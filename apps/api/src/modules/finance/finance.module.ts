import type { ApiModule } from '../../platform/api-module';
import { financeRoutes } from './finance.routes';
import { defineFinanceJobs } from './finance.service';
import { closeReceiptRenderer } from './receipt-renderer';
import { financeErrors } from './finance.errors';
import * as tables from './finance.tables';

export const financeModule: ApiModule = {
  name: 'finance',
  routes: financeRoutes,
  jobs: defineFinanceJobs,
  close: closeReceiptRenderer,
  errors: financeErrors,
  tables,
};
