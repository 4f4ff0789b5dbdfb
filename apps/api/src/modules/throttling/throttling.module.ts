import type { ApiModule } from '../../platform/api-module';
import { purgeStaleCounters } from './throttling.service';
import * as tables from './throttling.tables';

export const throttlingModule: ApiModule = {
  name: 'throttling',
  purge: purgeStaleCounters,
  tables,
};
