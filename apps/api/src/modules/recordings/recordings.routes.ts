import { messages, recordingChunkMaxBytes, recordingsApi } from '@consultorio/shared';
import type { FastifyError } from 'fastify';
import type { Context } from '../../platform/context';
import { handleError } from '../../platform/error-handler';
import { AppError } from '../../platform/errors';
import { route, type RoutesPlugin } from '../../platform/routes';
import { sessionUser } from '../sessions/sessions.service';
import * as recordings from './recordings.service';

const m = messages.recordings;

export function recordingsRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, recordingsApi.list, async (request) => ({ data: await recordings.listRecordings(ctx, sessionUser(request).id, request.params.id) }));

    route(app, recordingsApi.create, async (request) => ({
      data: { recording: await recordings.startRecording(ctx, sessionUser(request).id, request.params.id) },
      message: m.started,
    }));

    route(app, recordingsApi.get, async (request) => ({ data: { recording: await recordings.getRecording(ctx, sessionUser(request).id, request.params.id) } }));

    // A chunk is raw audio, up to 5 MB; only this route reads such a body, and a larger one is
    // answered with the chunk's own message rather than the general one.
    await app.register(async (chunks) => {
      chunks.addContentTypeParser(/^audio\//, { parseAs: 'buffer', bodyLimit: recordingChunkMaxBytes }, (_request, body, done) => done(null, body));
      chunks.setErrorHandler<FastifyError>((error, request, reply) =>
        handleError(error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? new AppError('RECORDING_CHUNK_TOO_LARGE') : error, request, reply),
      );
      route(chunks, recordingsApi.putChunk, async (request) => ({
        data: {
          recording: await recordings.saveChunk(ctx, sessionUser(request).id, request.params.id, request.params.n, request.body, request.headers['content-type']),
        },
      }));
    });

    route(app, recordingsApi.finish, async (request) => ({
      data: { recording: await recordings.finishRecording(ctx, sessionUser(request).id, request.params.id, request.body?.chunkCount) },
      message: m.finished,
    }));

    route(app, recordingsApi.retry, async (request) => ({
      data: { recording: await recordings.retryRecording(ctx, sessionUser(request).id, request.params.id) },
      message: m.retried,
    }));

    route(app, recordingsApi.redraft, async (request) => ({
      data: { recording: await recordings.redraftRecording(ctx, sessionUser(request).id, request.params.id, request.body.noteTemplateId) },
      message: m.redrafting,
    }));

    route(app, recordingsApi.accept, async (request) => ({
      data: { record: await recordings.acceptDraft(ctx, sessionUser(request).id, request.params.id, request.body) },
      message: ctx.config.recordingAudioRetentionDays === 0 ? m.accepted : m.acceptedKeptAudio(ctx.config.recordingAudioRetentionDays),
    }));

    route(app, recordingsApi.remove, async (request) => {
      await recordings.deleteRecording(ctx, sessionUser(request).id, request.params.id);
      return { data: null, message: m.deleted };
    });
  };
}
