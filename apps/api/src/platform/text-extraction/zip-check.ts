import yauzl from 'yauzl';

/** How far a ZIP-based document (DOCX) may inflate: in all, and per entry relative to its compressed size. */
export interface ZipCaps {
  maxInflatedBytes: number;
  maxCompressionRatio: number;
}

export class ZipTooLarge extends Error {}

/**
 * Reads the zip's central directory (nothing is inflated) and refuses it when the declared sizes
 * add up past `maxInflatedBytes` or an entry claims to inflate more than `maxCompressionRatio`
 * times its compressed size: a zip bomb is refused before the parser opens it. Sizes that lie
 * are caught by the worker's memory and time limits instead.
 */
export async function checkZipSizes(bytes: Buffer, caps: ZipCaps): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened)));
  });
  let inflated = 0;
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      inflated += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (inflated > caps.maxInflatedBytes || ratio > caps.maxCompressionRatio) {
        zip.close();
        reject(new ZipTooLarge(`${entry.fileName}: ${entry.uncompressedSize} bytes inflated, ${inflated} in all`));
        return;
      }
      zip.readEntry();
    });
    zip.readEntry();
  });
}
