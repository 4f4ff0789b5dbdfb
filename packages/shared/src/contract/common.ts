import { z } from 'zod';
import { avatarImageTypes, limits } from '../constants/limits';
import { idSchema } from '../schemas/common';
import type { MultipartBody } from './route';

/** The `:id` of a route's path. */
export const idParams = z.object({ id: idSchema });

/** A new avatar (the professional's, a patient's): one picture in the field `file`. */
export const avatarUpload = {
  fileField: 'file',
  maxFiles: 1,
  maxFileBytes: limits.avatarMaxBytes,
  fileTypes: avatarImageTypes,
} as const satisfies MultipartBody;

/** Documents attached to a record or sent in a chat: up to 10 files of any type, each a part named `files`. */
export const attachmentsUpload = {
  fileField: 'files',
  maxFiles: limits.attachmentsPerRequest,
  maxFileBytes: limits.attachmentMaxBytes,
} as const satisfies MultipartBody;
