import { avatarImageTypes, limits } from '@consultorio/shared';
import { AppError } from './errors';
import { typeOfFile } from './file-type';
import { onFirstUse } from './lazy';

// libvips and its threads start with the first avatar, not with the server.
const sharpModule = onFirstUse(() => import('sharp'));

const IMAGE_TYPES = new Set<string>(avatarImageTypes);

/**
 * Checks the file's bytes (never the name or the client's type) and re-encodes it to a square
 * WebP; sharp reads the file and works off the server's thread.
 */
export async function toSquareAvatar(filePath: string): Promise<Buffer> {
  const type = await typeOfFile(filePath);
  if (!type || !IMAGE_TYPES.has(type.mime)) throw new AppError('FILE_TYPE_IMAGE');
  const { default: sharp } = await sharpModule();
  try {
    return await sharp(filePath, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(limits.avatarSizePx, limits.avatarSizePx, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError('FILE_TYPE_IMAGE');
  }
}
