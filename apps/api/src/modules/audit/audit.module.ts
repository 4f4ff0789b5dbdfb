import type { ApiModule } from '../../platform/api-module';
import * as tables from './audit.tables';

export const auditModule: ApiModule = {
  name: 'audit',
  tables,
};
