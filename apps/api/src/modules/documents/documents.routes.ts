import { documentsApi, messages } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { contentDisposition } from '../../platform/http';
import { rawRoute, route, type RoutesPlugin } from '../../platform/routes';
import { readSmallFileWithFields, withSingleFile } from '../../platform/uploads';
import { sessionUser } from '../sessions/sessions.service';
import * as documents from './documents.service';

const d = messages.documents;

export function documentsRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, documentsApi.list, async (request) => ({ data: await documents.listDocuments(ctx, sessionUser(request).id, request.params.id) }));

    route(app, documentsApi.create, async (request) => ({
      data: { document: await documents.createDocument(ctx, sessionUser(request), request.params.id, request.body) },
      message: d.created,
    }));

    route(app, documentsApi.get, async (request) => ({ data: { document: await documents.getDocument(ctx, sessionUser(request).id, request.params.id) } }));

    route(app, documentsApi.update, async (request) => ({
      data: { document: await documents.updateDocument(ctx, sessionUser(request), request.params.id, request.body) },
      message: d.updated,
    }));

    route(app, documentsApi.remove, async (request) => {
      await documents.deleteDocument(ctx, sessionUser(request).id, request.params.id);
      return { data: null, message: d.deleted };
    });

    route(app, documentsApi.issue, async (request) => ({
      data: { document: await documents.issueDocument(ctx, sessionUser(request), request.params.id) },
      message: d.issued,
    }));

    rawRoute(app, documentsApi.pdf, async (request, reply) => {
      const { filename, pdf, preview } = await documents.documentPdfFile(ctx, sessionUser(request), request.params.id);
      // A draft's preview is shown, a document saved.
      return reply.type('application/pdf').header('content-disposition', contentDisposition(filename, preview)).header('cache-control', 'private, no-store').send(pdf);
    });

    route(app, documentsApi.sign, async (request) => {
      const { file, fields } = await readSmallFileWithFields(request, documentsApi.sign.multipart, new AppError('CERTIFICATE_TOO_LARGE'));
      const document = await documents.signDocument(ctx, sessionUser(request), request.params.id, { file, password: fields.password });
      return { data: { document }, message: d.signed };
    });

    route(app, documentsApi.uploadSigned, async (request) => {
      const document = await withSingleFile(request, documentsApi.uploadSigned.multipart, (upload) =>
        documents.uploadSignedPdf(ctx, sessionUser(request), request.params.id, upload),
      );
      return { data: { document }, message: d.uploadedSigned };
    });

    route(app, documentsApi.email, async (request) => {
      const email = await documents.emailDocument(ctx, sessionUser(request).id, request.params.id, request.body.email);
      return { data: { email }, message: d.emailQueued(email) };
    });
  };
}
