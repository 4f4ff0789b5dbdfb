import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/build-app';
import { newSignedInUser } from './factories/users';

describe('the request log', () => {
  let t: TestApp;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    });
    t = await createTestApp({ logStream: stream });
  });
  afterAll(async () => {
    await t.close();
  });

  it('has one line per request, once answered, with method, URL, status and time', async () => {
    const { cookie } = await newSignedInUser(t);
    lines.length = 0;
    await t.request({ method: 'GET', url: '/v1/users/me/patients?q=ana', headers: { cookie } });
    await t.request({ method: 'GET', url: '/v1/users/me' });
    await expect.poll(() => lines.length).toBe(2);
    expect(lines.map((line) => line.msg)).toEqual(['request completed', 'request completed']);
    expect(lines[0]).toMatchObject({ level: 30, req: { method: 'GET', url: '/v1/users/me/patients?q=ana' }, res: { statusCode: 200 } });
    expect(lines[1]).toMatchObject({ req: { method: 'GET', url: '/v1/users/me' }, res: { statusCode: 401 } });
    expect(typeof lines[0]!.responseTime).toBe('number');
    expect(lines[0]!.reqId).not.toBe(lines[1]!.reqId);
  });
});
