import { messageEnvelope } from '../schemas/common';
import { accountSessionsResponse } from '../schemas/users';
import { idParams } from './common';
import { defineRoute } from './route';

const tag = 'users';

export const sessionsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/v1/users/me/sessions',
    access: 'session',
    tag,
    status: 200,
    response: accountSessionsResponse,
  }),
  /** Ends one of the professional's sessions; ending the current one signs this browser out. */
  end: defineRoute({
    method: 'DELETE',
    path: '/v1/users/me/sessions/:id',
    access: 'session',
    tag,
    params: idParams,
    errors: { 404: ['NOT_FOUND'] },
    status: 200,
    response: messageEnvelope,
  }),
  endOthers: defineRoute({
    method: 'DELETE',
    path: '/v1/users/me/sessions',
    access: 'session',
    tag,
    status: 200,
    response: messageEnvelope,
  }),
};
