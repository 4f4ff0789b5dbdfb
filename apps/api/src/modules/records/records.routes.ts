import {
  idSchema,
  limits,
  messageEnvelope,
  messages,
  recordAttachmentsResponse,
  recordContentRequest,
  recordDetailResponse,
  recordListResponse,
  recordNameRequest,
  recordResponse,
} from '@consultorio/shared';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { send, sessionUser } from '../../platform/http';
import { readEachFile } from '../../platform/uploads';
import { toPatientSummary } from '../patients/patients.repository';
import { toRecord } from './records.repository';
import * as records from './records.service';

const tags = ['records'];
const params = z.object({ id: idSchema });

const attachmentLimits = {
  maxBytes: limits.attachmentMaxBytes,
  maxFiles: limits.attachmentsPerRequest,
  tooLarge: new AppError('ATTACHMENT_TOO_LARGE'),
  tooMany: new AppError('TOO_MANY_ATTACHMENTS'),
};

export function recordsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/patients/:id/records', { schema: { tags, params, response: { 200: recordListResponse } } }, async (request, reply) => {
      const { rows, patient } = await records.listRecords(ctx, sessionUser(request).id, request.params.id);
      return send(reply, 200, { records: rows.map(toRecord), patient: toPatientSummary(patient) });
    });

    app.post(
      '/patients/:id/records',
      { schema: { tags, params, body: recordNameRequest, response: { 201: recordResponse } } },
      async (request, reply) => {
        const record = await records.createRecord(ctx, sessionUser(request).id, request.params.id, request.body.name);
        return send(reply, 201, { record: toRecord(record) }, messages.records.created);
      },
    );

    app.get('/records/:id', { schema: { tags, params, response: { 200: recordDetailResponse } } }, async (request, reply) => {
      const { record, attachments, patient } = await records.getRecord(ctx, sessionUser(request).id, request.params.id);
      return send(reply, 200, { record: toRecord(record), recordsAttachments: attachments, patient: toPatientSummary(patient) });
    });

    app.put(
      '/records/:id',
      { schema: { tags, params, body: recordNameRequest, response: { 200: recordResponse } } },
      async (request, reply) => {
        const record = await records.renameRecord(ctx, sessionUser(request).id, request.params.id, request.body.name);
        return send(reply, 200, { record: toRecord(record) }, messages.records.updated);
      },
    );

    app.delete('/records/:id', { schema: { tags, params, response: { 200: messageEnvelope } } }, async (request, reply) => {
      await records.deleteRecord(ctx, sessionUser(request).id, request.params.id);
      return send(reply, 200, null, messages.records.deleted);
    });

    app.put(
      '/records/:id/content',
      {
        bodyLimit: limits.recordContentBodyBytes,
        schema: { tags, params, body: recordContentRequest, response: { 200: recordResponse } },
      },
      async (request, reply) => {
        const record = await records.saveRecordContent(ctx, sessionUser(request).id, request.params.id, request.body.content);
        return send(reply, 200, { record: toRecord(record) }, messages.records.saved);
      },
    );

    app.post(
      '/records/:id/attachments',
      {
        bodyLimit: limits.attachmentMaxBytes * limits.attachmentsPerRequest + 1024 * 1024,
        schema: { tags, params, consumes: ['multipart/form-data'], response: { 201: recordAttachmentsResponse } },
      },
      async (request, reply) => {
        const ownerId = sessionUser(request).id;
        await records.ensureOwnedRecord(ctx, ownerId, request.params.id);
        const count = await records.attachAll(ctx, ownerId, request.params.id, (store) =>
          readEachFile(request, 'files', attachmentLimits, store),
        );
        if (count === 0) throw new AppError('ATTACHMENTS_MISSING');
        const attachments = await records.listRecordAttachments(ctx, request.params.id);
        return send(reply, 201, { recordsAttachments: attachments }, messages.records.uploaded(count));
      },
    );

    app.delete(
      '/records/attachments/:id',
      { schema: { tags, params, response: { 200: messageEnvelope } } },
      async (request, reply) => {
        await records.deleteAttachment(ctx, sessionUser(request).id, request.params.id);
        return send(reply, 200, null, messages.records.removed);
      },
    );
  };
}
