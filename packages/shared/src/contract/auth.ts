import {
  confirmTokenRequest,
  emailRequest,
  loginRequest,
  registrationRequest,
  registrationResponse,
  resendRegistrationRequest,
} from '../schemas/auth';
import { messageEnvelope } from '../schemas/common';
import { currentSessionResponse, userResponse } from '../schemas/users';
import { defineRoute } from './route';

const tag = 'auth';

export const authApi = {
  register: defineRoute({
    method: 'POST',
    path: '/v1/users/registrations',
    access: 'public',
    tag,
    body: registrationRequest,
    status: 201,
    response: registrationResponse,
    errors: { 409: ['USERNAME_TAKEN'], 429: ['TOO_MANY_REGISTRATIONS'], 503: [] },
  }),
  resendRegistrationMail: defineRoute({
    method: 'POST',
    path: '/v1/users/registrations/resend-email',
    access: 'public',
    tag,
    body: resendRegistrationRequest,
    status: 200,
    response: messageEnvelope,
    errors: { 404: ['REGISTRATION_NOT_FOUND'], 429: ['RESEND_TOO_SOON', 'TOO_MANY_REGISTRATIONS'], 503: [] },
  }),
  confirmRegistration: defineRoute({
    method: 'POST',
    path: '/v1/users/registrations/confirm',
    access: 'public',
    tag,
    body: confirmTokenRequest,
    status: 200,
    response: messageEnvelope,
    errors: { 400: ['CONFIRMATION_INVALID'], 409: ['EMAIL_TAKEN', 'USERNAME_TAKEN'] },
  }),
  login: defineRoute({
    method: 'POST',
    path: '/v1/users/users-sessions',
    access: 'public',
    tag,
    body: loginRequest,
    status: 200,
    response: userResponse,
    errors: { 401: ['INVALID_CREDENTIALS'], 403: ['EMAIL_NOT_CONFIRMED'], 429: ['TOO_MANY_LOGINS'] },
  }),
  /**
   * The signed-in user, or null without a (valid) session: what the web app asks first, so an
   * anonymous visitor's check is an ordinary answer, not a 401 in the console.
   */
  currentSession: defineRoute({
    method: 'GET',
    path: '/v1/session',
    access: 'public',
    tag,
    status: 200,
    response: currentSessionResponse,
  }),
  logout: defineRoute({
    method: 'DELETE',
    path: '/v1/users/users-sessions',
    access: 'public',
    tag,
    status: 200,
    response: messageEnvelope,
  }),
  recoverUsername: defineRoute({
    method: 'POST',
    path: '/v1/users/recover-username',
    access: 'public',
    tag,
    body: emailRequest,
    status: 200,
    response: messageEnvelope,
  }),
  recoverPassword: defineRoute({
    method: 'POST',
    path: '/v1/users/recover-password',
    access: 'public',
    tag,
    body: emailRequest,
    status: 200,
    response: messageEnvelope,
  }),
};
