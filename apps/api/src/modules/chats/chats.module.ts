import type { ApiModule } from '../../platform/api-module';
import { chatsRoutes } from './chats.routes';
import { chatsErrors } from './chats.errors';
import * as tables from './chats.tables';

export const chatsModule: ApiModule = {
  name: 'chats',
  routes: chatsRoutes,
  errors: chatsErrors,
  tables,
};
