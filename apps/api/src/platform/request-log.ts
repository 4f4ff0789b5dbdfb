import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, once it is answered, with what Fastify's own two lines ('incoming
 * request', 'request completed') say between them: method, URL and client, status and time.
 * Each line is a write to the log, and under load the first one cost more than it told. (A
 * request that never finishes leaves no line; a timeout or a closed connection still finishes
 * it.) Errors are logged as Fastify logs them.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
    else if (!this.isLogDisabled(request)) request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
