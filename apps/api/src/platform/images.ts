import { limits } from '@consultorio/shared';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from './errors';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'image/heic', 'image/bmp', 'image/tiff']);

/** Checks the bytes (never the name or the client's type) and re-encodes to a square WebP. */
export async function toSquareAvatar(bytes: Buffer): Promise<Buffer> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !IMAGE_TYPES.has(type.mime)) throw new AppError('FILE_TYPE_IMAGE');
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(limits.avatarSizePx, limits.avatarSizePx, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError('FILE_TYPE_IMAGE');
  }
}
