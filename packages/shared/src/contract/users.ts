import { confirmTokenRequest, emailUpdateRequest, passwordChangeRequest } from '../schemas/auth';
import { messageEnvelope } from '../schemas/common';
import { profileUpdateRequest, userResponse } from '../schemas/users';
import { avatarUpload } from './common';
import { defineRoute } from './route';

const tag = 'users';

export const usersApi = {
  confirmEmailUpdate: defineRoute({
    method: 'POST',
    path: '/v1/users/email-updates/confirm',
    access: 'public',
    tag,
    body: confirmTokenRequest,
    status: 200,
    response: messageEnvelope,
    errors: { 400: ['CONFIRMATION_INVALID'], 409: ['EMAIL_TAKEN'] },
  }),
  me: defineRoute({
    method: 'GET',
    path: '/v1/users/me',
    access: 'session',
    allowedDuringPasswordChange: true,
    tag,
    status: 200,
    response: userResponse,
  }),
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/v1/users/me',
    access: 'session',
    tag,
    body: profileUpdateRequest,
    status: 200,
    response: userResponse,
    /** 409: the booking page's address is another professional's. */
    errors: { 409: ['BOOKING_SLUG_TAKEN'] },
  }),
  changePassword: defineRoute({
    method: 'PUT',
    path: '/v1/users/me/password',
    access: 'session',
    allowedDuringPasswordChange: true,
    tag,
    body: passwordChangeRequest,
    status: 200,
    response: messageEnvelope,
    // 429: too many wrong current passwords.
    errors: { 400: ['PASSWORD_UPDATE_FAILED'], 429: ['TOO_MANY_PASSWORD_CHECKS'] },
  }),
  requestEmailUpdate: defineRoute({
    method: 'POST',
    path: '/v1/users/me/email-updates',
    access: 'session',
    tag,
    body: emailUpdateRequest,
    status: 200,
    response: messageEnvelope,
    errors: { 400: ['EMAIL_UNCHANGED', 'PASSWORD_UPDATE_FAILED'], 409: ['EMAIL_TAKEN'], 429: ['TOO_MANY_PASSWORD_CHECKS'], 503: [] },
  }),
  uploadAvatar: defineRoute({
    method: 'PUT',
    path: '/v1/users/me/avatar',
    access: 'session',
    tag,
    multipart: avatarUpload,
    errors: { 400: ['FILE_MISSING'], 413: ['FILE_TOO_LARGE'], 415: ['FILE_TYPE_IMAGE'] },
    status: 200,
    response: userResponse,
  }),
};
