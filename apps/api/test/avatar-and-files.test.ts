import { randomBytes } from 'node:crypto';
import { limits, messages } from '@consultorio/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, users } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/build-app';
import { storedFiles } from './helpers/stored-files';
import { newSignedInUser } from './factories/users';

let t: TestApp;
let png: Buffer;
let jpeg: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#3a7' } }).png().toBuffer();
  jpeg = await sharp({ create: { width: 300, height: 900, channels: 3, background: '#c52' } }).jpeg().toBuffer();
});
afterAll(async () => {
  await t.close();
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function form(field: string, bytes: Buffer | string, filename: string, type: string): FormData {
  const body = new FormData();
  body.append(field, new File([bytes], filename, { type }));
  return body;
}

function upload(cookie: string | undefined, payload: FormData | object | string, headers: Record<string, string> = {}) {
  return t.request({ method: 'PUT', url: '/v1/users/me/avatar', headers: { ...(cookie ? { cookie } : {}), ...headers }, payload });
}

function getFile(cookie: string | undefined, key: string) {
  return t.request({ method: 'GET', url: `/v1/files/${encodeURIComponent(key)}`, headers: cookie ? { cookie } : {} });
}

async function avatarKey(userId: string): Promise<string | null> {
  const [row] = await t.database.db.select({ key: users.avatarExternalKey }).from(users).where(eq(users.id, userId));
  return row!.key;
}

/** Uploads a valid avatar and returns its key. */
async function uploadAvatar(cookie: string, bytes = png): Promise<string> {
  const response = await upload(cookie, form('file', bytes, 'foto.png', 'image/png'));
  expect(response.statusCode).toBe(200);
  return response.json().data.user.avatarExternalKey as string;
}

const notFound = { status: 404, data: null, message: messages.errors.notFound, code: expect.any(String), requestId: expect.any(String) };

describe('PUT /v1/users/me/avatar', () => {
  it('stores a PNG as a square 512 px WebP that only its owner can read', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const response = await upload(cookie, form('file', png, 'foto.png', 'image/png'));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 200, message: messages.account.avatarUpdated, data: { user: { id: user.id, username: user.username } } });
    const key = body.data.user.avatarExternalKey as string;
    expect(key).toMatch(/^avatar-[0-9a-f-]{36}\.webp$/);
    expect(await avatarKey(user.id)).toBe(key);
    expect(await storedFiles(t)).toContain(key);
    const [row] = await t.database.db.select().from(files).where(eq(files.key, key));
    expect(row).toMatchObject({ ownerId: user.id, contentType: 'image/webp', originalName: 'foto.png' });

    const file = await getFile(cookie, key);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toContain('private');
    const metadata = await sharp(file.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: limits.avatarSizePx, height: limits.avatarSizePx });
    expect(row!.byteSize).toBe(file.rawPayload.length);
  });

  it("answers 404 to another user's key exactly like an unknown key, and 401 without a session", async () => {
    const owner = await newSignedInUser(t);
    const key = await uploadAvatar(owner.cookie);
    const stranger = await newSignedInUser(t);

    const foreign = await getFile(stranger.cookie, key);
    const unknown = await getFile(stranger.cookie, 'avatar-00000000-0000-4000-8000-000000000000.webp');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(notFound);
    expect(unknown.json()).toEqual(notFound);
    expect(foreign.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(foreign.rawPayload.length).toBe(unknown.rawPayload.length);

    for (const bad of ['../../etc/passwd', '.hidden.webp', 'AVATAR.WEBP', `${'a'.repeat(95)}.webp`]) {
      expect((await getFile(owner.cookie, bad)).json(), bad).toEqual(notFound);
    }
    const tooLong = await t.request({ method: 'GET', url: `/v1/files/${'x'.repeat(300)}`, headers: { cookie: owner.cookie } });
    expect(tooLong.json()).toEqual({ status: 414, data: null, message: messages.validation.invalidBody, code: expect.any(String), requestId: expect.any(String) });
    const badEncoding = await t.request({ method: 'GET', url: '/v1/files/%E0%A4%A', headers: { cookie: owner.cookie } });
    expect(badEncoding.json()).toEqual({ status: 400, data: null, message: messages.validation.invalidBody, code: expect.any(String), requestId: expect.any(String) });

    const anonymous = await getFile(undefined, key);
    expect(anonymous.json()).toEqual({ status: 401, data: null, message: messages.errors.unauthorized, code: expect.any(String), requestId: expect.any(String) });
    expect((await getFile(owner.cookie, key)).statusCode).toBe(200);
  });

  it('replaces the previous avatar with a JPEG and deletes the old file and its row', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const first = await uploadAvatar(cookie);
    const response = await upload(cookie, form('file', jpeg, 'retrato.jpg', 'image/jpeg'));
    expect(response.statusCode).toBe(200);
    const second = response.json().data.user.avatarExternalKey as string;
    expect(second).not.toBe(first);
    expect(await avatarKey(user.id)).toBe(second);

    const onDisk = await storedFiles(t);
    expect(onDisk).toContain(second);
    expect(onDisk).not.toContain(first);
    expect(await t.database.db.select().from(files).where(eq(files.key, first))).toEqual([]);
    expect(await t.database.db.select({ key: files.key }).from(files).where(eq(files.ownerId, user.id))).toEqual([{ key: second }]);

    expect((await getFile(cookie, first)).json()).toEqual(notFound);
    const current = await getFile(cookie, second);
    expect(await sharp(current.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 512, height: 512 });
  });

  it('accepts an image larger than the 1 MB JSON body limit', async () => {
    const { cookie } = await newSignedInUser(t);
    const noise = await sharp(randomBytes(900 * 700 * 3), { raw: { width: 900, height: 700, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    expect(noise.length).toBeLessThan(limits.avatarMaxBytes);
    const response = await upload(cookie, form('file', noise, 'ruido.png', 'image/png'));
    expect(response.statusCode).toBe(200);
  });

  describe('rejected uploads keep the previous avatar', () => {
    it.each([
      ['a text file named .png', () => Buffer.from('apenas texto, não é imagem\n'), 'foto.png', 'text/plain', 415, messages.errors.fileTypeImage],
      ['a PDF', () => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'), 'laudo.pdf', 'application/pdf', 415, messages.errors.fileTypeImage],
      ['random bytes claiming image/png', () => randomBytes(4096), 'foto.png', 'image/png', 415, messages.errors.fileTypeImage],
      ['a truncated PNG', () => png.subarray(0, 64), 'foto.png', 'image/png', 415, messages.errors.fileTypeImage],
      ['an empty file', () => Buffer.alloc(0), 'foto.png', 'image/png', 415, messages.errors.fileTypeImage],
      ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'foto.svg', 'image/svg+xml', 415, messages.errors.fileTypeImage],
      ['a file over 5 MB', () => Buffer.concat([PNG_SIGNATURE, randomBytes(limits.avatarMaxBytes)]), 'grande.png', 'image/png', 413, messages.errors.fileTooLarge],
    ])('answers %s with the right status and message', async (_case, bytes, filename, type, status, message) => {
      const { user, cookie } = await newSignedInUser(t);
      const key = await uploadAvatar(cookie);
      const before = await storedFiles(t);

      const response = await upload(cookie, form('file', bytes(), filename, type));
      expect(response.json()).toEqual({ status, data: null, message, code: expect.any(String), requestId: expect.any(String) });

      expect(await avatarKey(user.id)).toBe(key);
      expect(await storedFiles(t)).toEqual(before);
      expect((await getFile(cookie, key)).statusCode).toBe(200);
    });

    it.each([
      ['a JSON body', () => ({ file: 'foto.png' }), {}],
      ['no body', () => '', {}],
      ['a multipart body without a file field', () => form('avatar', png, 'foto.png', 'image/png'), {}],
      [
        'a multipart body whose file field is text',
        () => {
          const body = new FormData();
          body.append('file', 'não é arquivo');
          return body;
        },
        {},
      ],
      ['an empty multipart body', () => new FormData(), {}],
    ])('answers 400 to %s', async (_case, payload, headers) => {
      const { user, cookie } = await newSignedInUser(t);
      const key = await uploadAvatar(cookie);
      const before = await storedFiles(t);

      const response = await upload(cookie, payload(), headers);
      expect(response.json()).toEqual({ status: 400, data: null, message: messages.errors.fileMissing, code: expect.any(String), requestId: expect.any(String) });

      expect(await avatarKey(user.id)).toBe(key);
      expect(await storedFiles(t)).toEqual(before);
    });

    it('answers 4xx, never 500, to a broken multipart body', async () => {
      const { user, cookie } = await newSignedInUser(t);
      const key = await uploadAvatar(cookie);
      const broken = await upload(cookie, '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc', {
        'content-type': 'multipart/form-data; boundary=xyz',
      });
      expect(broken.json()).toEqual({ status: 400, data: null, message: messages.validation.invalidBody, code: expect.any(String), requestId: expect.any(String) });
      const noBoundary = await upload(cookie, 'abc', { 'content-type': 'multipart/form-data' });
      expect(noBoundary.json()).toEqual({ status: 400, data: null, message: messages.validation.invalidBody, code: expect.any(String), requestId: expect.any(String) });
      const tooManyFields = new FormData();
      for (let i = 0; i < 10; i++) tooManyFields.append(`campo${i}`, 'x');
      tooManyFields.append('file', new File([png], 'foto.png', { type: 'image/png' }));
      const fields = await upload(cookie, tooManyFields);
      expect(fields.json()).toEqual({ status: 413, data: null, message: messages.errors.bodyTooLarge, code: expect.any(String), requestId: expect.any(String) });
      expect(await avatarKey(user.id)).toBe(key);
      expect((await getFile(cookie, key)).statusCode).toBe(200);
    });
  });

  it('uses the first file field when a request carries two', async () => {
    const { user, cookie } = await newSignedInUser(t);
    const body = new FormData();
    body.append('file', new File([jpeg], 'primeira.jpg', { type: 'image/jpeg' }));
    body.append('file', new File([png], 'segunda.png', { type: 'image/png' }));
    const response = await upload(cookie, body);
    expect(response.statusCode).toBe(200);
    const key = response.json().data.user.avatarExternalKey as string;
    const [row] = await t.database.db.select().from(files).where(eq(files.key, key));
    expect(row).toMatchObject({ ownerId: user.id, originalName: 'primeira.jpg' });
  });

  it('answers 401 without a session and stores nothing', async () => {
    const before = await storedFiles(t);
    const response = await upload(undefined, form('file', png, 'foto.png', 'image/png'));
    expect(response.json()).toEqual({ status: 401, data: null, message: messages.errors.unauthorized, code: expect.any(String), requestId: expect.any(String) });
    expect(await storedFiles(t)).toEqual(before);
  });
});

describe('storage layout', () => {
  it('keeps every stored file next to a row, with no leftovers', async () => {
    const rows = await t.database.db.select({ key: files.key }).from(files);
    expect(rows.length).toBeGreaterThan(0);
    expect(await storedFiles(t)).toEqual(rows.map((row) => row.key).sort());
  });
});
