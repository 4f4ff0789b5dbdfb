import {
  idSchema,
  limits,
  messageEnvelope,
  messages,
  patientCreateRequest,
  patientListQuery,
  patientListResponse,
  patientResponse,
  patientUpdateRequest,
} from '@consultorio/shared';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Context } from '../../platform/context';
import { send, sessionUser } from '../../platform/http';
import { readSingleFile } from '../../platform/uploads';
import { toPatient } from './patients.repository';
import * as patients from './patients.service';

const tags = ['patients'];
const params = z.object({ id: idSchema });

export function patientsRoutes(ctx: Context): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/users/me/patients',
      { schema: { tags, querystring: patientListQuery, response: { 200: patientListResponse } } },
      async (request, reply) => {
        const page = await patients.listPatients(ctx, sessionUser(request).id, request.query);
        return send(reply, 200, { patients: page.rows.map(toPatient), total: page.total, nextCursor: page.nextCursor });
      },
    );

    app.post(
      '/users/me/patients',
      { schema: { tags, body: patientCreateRequest, response: { 201: patientResponse } } },
      async (request, reply) => {
        const patient = await patients.createPatient(ctx, sessionUser(request).id, request.body);
        return send(reply, 201, { patient: toPatient(patient) }, messages.patients.created);
      },
    );

    app.get('/patients/:id', { schema: { tags, params, response: { 200: patientResponse } } }, async (request, reply) => {
      const patient = await patients.getPatient(ctx, sessionUser(request).id, request.params.id);
      return send(reply, 200, { patient: toPatient(patient) });
    });

    app.put(
      '/patients/:id',
      { schema: { tags, params, body: patientUpdateRequest, response: { 200: patientResponse } } },
      async (request, reply) => {
        const patient = await patients.updatePatient(ctx, sessionUser(request).id, request.params.id, request.body);
        return send(reply, 200, { patient: toPatient(patient) }, messages.patients.updated);
      },
    );

    app.delete('/patients/:id', { schema: { tags, params, response: { 200: messageEnvelope } } }, async (request, reply) => {
      await patients.deletePatient(ctx, sessionUser(request).id, request.params.id);
      return send(reply, 200, null, messages.patients.deleted);
    });

    app.put(
      '/patients/:id/avatar',
      { schema: { tags, params, consumes: ['multipart/form-data'], response: { 200: patientResponse } } },
      async (request, reply) => {
        const ownerId = sessionUser(request).id;
        const upload = await readSingleFile(request, 'file', limits.avatarMaxBytes);
        const patient = await patients.replacePatientAvatar(ctx, ownerId, request.params.id, upload);
        return send(reply, 200, { patient: toPatient(patient) }, messages.patients.avatarUpdated);
      },
    );
  };
}
