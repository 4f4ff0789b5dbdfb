import { messages, whatsappApi } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { rawRoute, route, type RoutesPlugin } from '../../platform/routes';
import * as whatsapp from './whatsapp.service';

/** WhatsApp's webhook: no session; the signature of the raw body is the key, so JSON is kept as its bytes here (this plugin only). */
export function whatsappPublicRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    // The body stays the bytes Meta signed; it must still be JSON (malformed JSON answers 400 like everywhere).
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
      try {
        JSON.parse((body as Buffer).toString('utf8'));
        done(null, body);
      } catch (error) {
        done(error as Error, undefined);
      }
    });

    rawRoute(app, whatsappApi.verifyWebhook, async (request, reply) =>
      reply.header('content-type', 'text/plain; charset=utf-8').send(whatsapp.verifyWebhook(ctx, request.query)),
    );

    route(app, whatsappApi.webhook, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await whatsapp.handleWebhook(ctx, raw, request.headers['x-hub-signature-256'] as string | undefined);
      return { data: null, message: messages.whatsapp.webhookProcessed };
    });
  };
}
