import { filesApi } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { rawRoute, type RoutesPlugin } from '../../platform/routes';
import { sessionUser } from '../sessions/sessions.service';
import { openOwnedFile } from './files.service';

/** Types a browser shows without running anything; every other type is only downloaded. */
const INLINE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp', 'application/pdf', 'text/plain']);

/**
 * Content-Disposition with the file's own name (RFC 6266): a plain ASCII `filename` for old
 * clients and the exact UTF-8 name in `filename*`, so 'exame ção.pdf' downloads as itself.
 */
function dispositionFor(contentType: string, originalName: string | null): string {
  const type = INLINE_TYPES.has(contentType) ? 'inline' : 'attachment';
  if (!originalName) return type;
  const ascii = originalName
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(originalName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Health data must not stay in a shared or browser cache: files are `no-store`; only an avatar,
 * shown on many screens, may be kept a few minutes by the browser itself, never by a proxy.
 */
function cacheControlFor(key: string): string {
  return key.startsWith('avatar-') ? 'private, max-age=300' : 'private, no-store';
}

export function filesRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    rawRoute(app, filesApi.download, async (request, reply) => {
      const file = await openOwnedFile(ctx, sessionUser(request).id, request.params.key);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', dispositionFor(file.contentType, file.originalName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', cacheControlFor(request.params.key))
        .send(file.body);
    });
  };
}
