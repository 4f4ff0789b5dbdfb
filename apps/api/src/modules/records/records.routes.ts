import { messages, recordsApi } from '@consultorio/shared';
import type { Context } from '../../platform/context';
import { route, type RoutesPlugin } from '../../platform/routes';
import { attachmentReader } from '../../platform/uploads';
import { sessionUser } from '../sessions/sessions.service';
import * as records from './records.service';

export function recordsRoutes(ctx: Context): RoutesPlugin {
  return async (app) => {
    route(app, recordsApi.list, async (request) => ({ data: await records.listRecords(ctx, sessionUser(request).id, request.params.id) }));

    route(app, recordsApi.create, async (request) => ({
      data: { record: await records.createRecord(ctx, sessionUser(request), request.params.id, request.body) },
      message: request.body.appointmentId ? messages.records.sessionNoteCreated : messages.records.created,
    }));

    route(app, recordsApi.get, async (request) => ({ data: await records.getRecord(ctx, sessionUser(request).id, request.params.id) }));

    route(app, recordsApi.rename, async (request) => ({
      data: { record: await records.renameRecord(ctx, sessionUser(request).id, request.params.id, request.body.name) },
      message: messages.records.updated,
    }));

    route(app, recordsApi.remove, async (request) => {
      await records.deleteRecord(ctx, sessionUser(request).id, request.params.id);
      return { data: null, message: messages.records.deleted };
    });

    route(app, recordsApi.saveContent, async (request) => ({
      data: { record: await records.saveRecordContent(ctx, sessionUser(request).id, request.params.id, request.body) },
      // An autosave is silent: the editor shows its state itself.
      ...(request.body.autosave ? {} : { message: messages.records.saved }),
    }));

    route(app, recordsApi.versions, async (request) => ({
      data: { recordVersions: await records.listVersions(ctx, sessionUser(request).id, request.params.id) },
    }));

    route(app, recordsApi.version, async (request) => ({
      data: { recordVersion: await records.getVersion(ctx, sessionUser(request).id, request.params.id, request.params.versionId) },
    }));

    route(app, recordsApi.restoreVersion, async (request) => {
      const { id, versionId } = request.params;
      const record = await records.restoreVersion(ctx, sessionUser(request).id, id, versionId, request.body.version);
      return { data: { record }, message: messages.records.restored };
    });

    route(app, recordsApi.finalize, async (request) => ({
      data: { record: await records.finalizeRecord(ctx, sessionUser(request).id, request.params.id) },
      message: messages.records.finalized,
    }));

    route(app, recordsApi.addAddendum, async (request) => ({
      data: { recordAddendum: await records.addAddendum(ctx, sessionUser(request).id, request.params.id, request.body.content) },
      message: messages.records.addendumAdded,
    }));

    route(app, recordsApi.uploadAttachments, async (request) => {
      const { count, attachments } = await records.attachFiles(ctx, sessionUser(request).id, request.params.id, attachmentReader(request, recordsApi.uploadAttachments.multipart));
      return { data: { recordsAttachments: attachments }, message: messages.records.uploaded(count) };
    });

    route(app, recordsApi.removeAttachment, async (request) => {
      await records.deleteAttachment(ctx, sessionUser(request).id, request.params.id);
      return { data: null, message: messages.records.removed };
    });

    route(app, recordsApi.listNoteTemplates, async (request) => ({ data: await records.listNoteTemplates(ctx, sessionUser(request).id) }));

    route(app, recordsApi.createNoteTemplate, async (request) => ({
      data: { noteTemplate: await records.createNoteTemplate(ctx, sessionUser(request).id, request.body) },
      message: messages.records.noteTemplateCreated,
    }));

    route(app, recordsApi.setDefaultNoteTemplate, async (request) => {
      const template = await records.setDefaultNoteTemplate(ctx, sessionUser(request).id, request.body.noteTemplateId);
      return { data: { defaultNoteTemplateId: template.id }, message: messages.records.noteTemplateDefaultSet(template.name) };
    });

    route(app, recordsApi.updateNoteTemplate, async (request) => ({
      data: { noteTemplate: await records.updateNoteTemplate(ctx, sessionUser(request).id, request.params.id, request.body) },
      message: messages.records.noteTemplateUpdated,
    }));

    route(app, recordsApi.removeNoteTemplate, async (request) => {
      await records.deleteNoteTemplate(ctx, sessionUser(request).id, request.params.id);
      return { data: null, message: messages.records.noteTemplateDeleted };
    });
  };
}
