import type { ApiModule } from '../../platform/api-module';
import { startAppVideoHub, videoHubOf } from './video.hub';
import { videoPublicRoutes, videoRoutes } from './video.routes';
import { videoErrors } from './video.errors';
import * as tables from './video.tables';

export const videoModule: ApiModule = {
  name: 'video',
  // The relay between instances listens before the routes exist: a participant enters once it does.
  start: startAppVideoHub,
  routes: (ctx) => videoRoutes(ctx, videoHubOf(ctx)),
  publicRoutes: (ctx) => videoPublicRoutes(ctx, videoHubOf(ctx)),
  errors: videoErrors,
  tables,
};
