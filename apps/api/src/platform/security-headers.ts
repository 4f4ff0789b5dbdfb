import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** helmet's defaults with the app's content security policy. */
export function securityOptions(isHttps: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // A recording's chunks are joined in the page and played from a blob: URL (the AI scribe).
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        // Over plain HTTP (a LAN address, say) upgrading would break every asset request.
        upgradeInsecureRequests: isHttps ? [] : null,
      },
    },
  };
}

/**
 * The headers helmet sets with these options, worked out once: without nonces or directives
 * that are functions they never depend on the request, and helmet would otherwise rebuild its
 * middleware (parsing every directive) on each request.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let applied = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error !== undefined) throw error instanceof Error ? error : new Error('helmet could not set its headers');
    applied = true;
  });
  if (!applied) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** Every answer (routes, files, not-found) carries helmet's headers; a route may still replace one (a file's sandbox CSP). */
export function addSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
