import { messageEnvelope } from '../schemas/common';
import {
  formContentRequest,
  formCreatedResponse,
  formCreateRequest,
  formListResponse,
  formResponse,
  formUpdatedResponse,
  formUpdateRequest,
  publicFormContentRequest,
  publicFormRequest,
  publicFormResponse,
  publicFormSavedResponse,
  qaTemplateListResponse,
  qaTemplateResponse,
  qaTemplateWriteRequest,
} from '../schemas/forms';
import { idParams } from './common';
import { defineRoute } from './route';

const tag = 'forms';

export const qaTemplatesApi = {
  /** The library's templates and the professional's own, current versions. */
  list: defineRoute({
    method: 'GET',
    path: '/v1/users/me/qa-templates',
    access: 'session',
    tag,
    status: 200,
    response: qaTemplateListResponse,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/v1/users/me/qa-templates',
    access: 'session',
    tag,
    body: qaTemplateWriteRequest,
    status: 201,
    response: qaTemplateResponse,
  }),
  /** An own template only (403 for the library's); forms made from it keep the version they were made with. */
  update: defineRoute({
    method: 'PUT',
    path: '/v1/qa-templates/:id',
    access: 'session',
    tag,
    params: idParams,
    body: qaTemplateWriteRequest,
    errors: { 403: ['LIBRARY_TEMPLATE_READ_ONLY'], 404: ['TEMPLATE_NOT_FOUND'] },
    status: 200,
    response: qaTemplateResponse,
  }),
  /** An own template no form uses (409 otherwise; 403 for the library's). */
  remove: defineRoute({
    method: 'DELETE',
    path: '/v1/qa-templates/:id',
    access: 'session',
    tag,
    params: idParams,
    status: 200,
    response: messageEnvelope,
    errors: { 403: ['LIBRARY_TEMPLATE_READ_ONLY'], 404: ['TEMPLATE_NOT_FOUND'], 409: ['TEMPLATE_IN_USE'] },
  }),
};

export const formsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/v1/patients/:id/forms',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['PATIENT_NOT_FOUND'] },
    status: 200,
    response: formListResponse,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/v1/patients/:id/forms',
    access: 'session',
    tag,
    params: idParams,
    body: formCreateRequest,
    errors: { 404: ['PATIENT_NOT_FOUND', 'TEMPLATE_NOT_FOUND'] },
    status: 201,
    response: formCreatedResponse,
  }),
  get: defineRoute({ method: 'GET', path: '/v1/forms/:id', access: 'session', tag, params: idParams, errors: { 404: ['FORM_NOT_FOUND'] }, status: 200, response: formResponse }),
  update: defineRoute({
    method: 'PUT',
    path: '/v1/forms/:id',
    access: 'session',
    tag,
    params: idParams,
    body: formUpdateRequest,
    errors: { 404: ['FORM_NOT_FOUND'] },
    status: 200,
    response: formUpdatedResponse,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/v1/forms/:id',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['FORM_NOT_FOUND'] },
    status: 200,
    response: messageEnvelope,
  }),
  /** 409: the patient sent these answers (they stay as sent; nothing is stored). */
  saveContent: defineRoute({
    method: 'PUT',
    path: '/v1/forms/:id/content',
    access: 'session',
    tag,
    params: idParams,
    body: formContentRequest,
    status: 200,
    response: formUpdatedResponse,
    errors: { 404: ['FORM_NOT_FOUND'], 409: ['FORM_SUBMITTED'] },
  }),
  getPublic: defineRoute({
    method: 'POST',
    path: '/v1/forms/public',
    access: 'public',
    tag,
    body: publicFormRequest,
    status: 200,
    response: publicFormResponse,
    errors: { 404: ['FORM_NOT_FOUND'], 410: ['FORM_LINK_EXPIRED'], 429: ['TOO_MANY_REQUESTS'] },
  }),
  savePublicContent: defineRoute({
    method: 'PUT',
    path: '/v1/forms/public/content',
    access: 'public',
    tag,
    body: publicFormContentRequest,
    status: 200,
    response: publicFormSavedResponse,
    errors: { 404: ['FORM_NOT_FOUND'], 410: ['FORM_LINK_EXPIRED'], 423: ['FORM_LOCKED'], 429: ['TOO_MANY_REQUESTS'] },
  }),
};
