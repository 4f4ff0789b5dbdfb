import { messages } from '@consultorio/shared';
import { defineErrors } from '../../platform/errors';

/** The failures the video module answers with, by code (its manifest's `errors`). */
export const videoErrors = defineErrors({
  VIDEO_ROOM_NOT_ONLINE: { status: 409, message: messages.video.errors.notOnline },
  VIDEO_LINK_INVALID: { status: 404, message: messages.video.errors.linkInvalid },
  VIDEO_ROOM_EXPIRED: { status: 410, message: messages.video.errors.expired },
  VIDEO_ROOM_CANCELLED: { status: 409, message: messages.video.errors.cancelled },
  VIDEO_ROOM_NOT_OPEN: { status: 409, message: messages.video.errors.notOpen },
  VIDEO_ROOM_FULL: { status: 409, message: messages.video.errors.full },
  VIDEO_NOT_IN_ROOM: { status: 409, message: messages.video.errors.notInRoom },
});

type VideoErrors = typeof videoErrors;

declare module '../../platform/errors' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- adds the module's codes to the catalogue
  interface ErrorCatalog extends VideoErrors {}
}
