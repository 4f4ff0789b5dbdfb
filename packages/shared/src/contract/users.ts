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
    errors: [409],
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
    errors: [409],
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
    errors: [429],
  }),
  requestEmailUpdate: defineRoute({
    method: 'POST',
    path: '/v1/users/me/email-updates',
    access: 'session',
    tag,
    body: emailUpdateRequest,
    status: 200,
    response: messageEnvelope,
    errors: [409, 429, 503],
  }),
  uploadAvatar: defineRoute({
    method: 'PUT',
    path: '/v1/users/me/avatar',
    access: 'session',
    tag,
    multipart: avatarUpload,
    status: 200,
    response: userResponse,
  }),
};
