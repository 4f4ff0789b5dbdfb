import {
  formContentRequest,
  formCreateRequest,
  formCreatedResponse,
  formListResponse,
  formResponse,
  formUpdatedResponse,
  formUpdateRequest,
  fullNameOf,
  idSchema,
  messageEnvelope,
  messages,
  publicFormContentRequest,
  publicFormRequest,
  publicFormResponse,
  publicFormSavedResponse,
} from '@consultorio/shared';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Context } from '../../platform/context';
import { send, sessionUser } from '../../platform/http';
import { toPatientSummary } from '../patients/patients.repository';
import { toQaTemplate } from '../qa-templates/qa-templates.repository';
import { toForm, type FormRow } from './forms.repository';
import * as forms from './forms.service';

const tags = ['forms'];
const params = z.object({ id: idSchema });

function publicView(form: FormRow) {
  return { name: form.name, content: form.content, isLocked: form.isLocked, lastUpdateDate: form.updatedAt.toISOString() };
}

export function formsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/patients/:id/forms', { schema: { tags, params, response: { 200: formListResponse } } }, async (request, reply) => {
      const { rows, patient } = await forms.listForms(ctx, sessionUser(request).id, request.params.id);
      const list = rows.map((row) => toForm(row.form, row.templateName));
      return send(reply, 200, { forms: list, patient: toPatientSummary(patient) });
    });

    app.post(
      '/patients/:id/forms',
      { schema: { tags, params, body: formCreateRequest, response: { 201: formCreatedResponse } } },
      async (request, reply) => {
        const { form, template } = await forms.createForm(ctx, sessionUser(request).id, request.params.id, request.body);
        return send(reply, 201, { form: toForm(form, template.name), qaTemplate: toQaTemplate(template) }, messages.forms.created);
      },
    );

    app.get('/forms/:id', { schema: { tags, params, response: { 200: formResponse } } }, async (request, reply) => {
      const { form, template, patient } = await forms.getForm(ctx, sessionUser(request).id, request.params.id);
      return send(reply, 200, {
        form: toForm(form, template.name),
        qaTemplate: toQaTemplate(template),
        patient: toPatientSummary(patient),
      });
    });

    app.put(
      '/forms/:id',
      { schema: { tags, params, body: formUpdateRequest, response: { 200: formUpdatedResponse } } },
      async (request, reply) => {
        const { form, templateName } = await forms.updateForm(ctx, sessionUser(request).id, request.params.id, request.body);
        return send(reply, 200, { form: toForm(form, templateName) }, updateMessage(request.body));
      },
    );

    app.delete('/forms/:id', { schema: { tags, params, response: { 200: messageEnvelope } } }, async (request, reply) => {
      await forms.deleteForm(ctx, sessionUser(request).id, request.params.id);
      return send(reply, 200, null, messages.forms.deleted);
    });

    app.put(
      '/forms/:id/content',
      { schema: { tags, params, body: formContentRequest, response: { 200: formUpdatedResponse } } },
      async (request, reply) => {
        const { form, templateName } = await forms.saveContent(ctx, sessionUser(request).id, request.params.id, request.body.content);
        return send(reply, 200, { form: toForm(form, templateName) }, messages.forms.saved);
      },
    );

    app.post(
      '/forms/public',
      { schema: { tags, body: publicFormRequest, response: { 200: publicFormResponse } } },
      async (request, reply) => {
        const found = await forms.getPublicForm(ctx, request.body.publicToken, request.ip);
        return send(reply, 200, {
          form: publicView(found.form),
          patient: { ...found.patient, fullName: fullNameOf(found.patient) },
          user: found.user,
          qaTemplate: toQaTemplate(found.template),
        });
      },
    );

    app.put(
      '/forms/public/content',
      { schema: { tags, body: publicFormContentRequest, response: { 200: publicFormSavedResponse } } },
      async (request, reply) => {
        const form = await forms.savePublicContent(ctx, request.body.publicToken, request.body.content, request.ip);
        return send(reply, 200, { form: publicView(form) }, messages.publicForm.saved);
      },
    );
  };
}

function updateMessage(update: { name?: string | undefined; isLocked?: boolean | undefined }): string {
  if (update.isLocked === undefined) return messages.forms.updated;
  return update.isLocked ? messages.forms.locked : messages.forms.unlocked;
}
