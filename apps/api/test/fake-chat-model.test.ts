import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, streamText, type LanguageModel } from 'ai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeChatModel, type FakeChatModel } from '../../../scripts/fake-chat-model.mjs';

let fake: FakeChatModel;
let model: LanguageModel;
beforeAll(async () => {
  fake = await startFakeChatModel();
  model = createOpenAICompatible({ name: 'fake', baseURL: fake.url, apiKey: 'test-key' }).chatModel('fake-model');
});
afterEach(() => {
  fake.reset();
});
afterAll(async () => {
  await fake.close();
});

/** The text deltas of a streamed answer, the error parts if any, and what was thrown if anything. */
async function streamDeltas(options: Parameters<typeof streamText>[0]): Promise<{ deltas: string[]; errors: unknown[]; thrown?: unknown }> {
  const result = streamText(options);
  const deltas: string[] = [];
  const errors: unknown[] = [];
  try {
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') deltas.push(part.text);
      if (part.type === 'error') errors.push(part.error);
    }
  } catch (thrown) {
    return { deltas, errors, thrown };
  }
  return { deltas, errors };
}

describe('fake chat model', () => {
  it('answers a plain request with the default reply', async () => {
    const result = await generateText({ model, prompt: 'Olá, como você está?', maxRetries: 0 });
    expect(result.text).toBe('Resposta do modelo: Olá, como você está?');
    expect(result.finishReason).toBe('stop');
    expect(result.usage.outputTokens).toBeGreaterThan(0);
  });

  it('answers with a fixed text or a function of the request', async () => {
    fake.behave({ reply: 'Sempre a mesma coisa.' });
    expect((await generateText({ model, prompt: 'a', maxRetries: 0 })).text).toBe('Sempre a mesma coisa.');
    fake.behave({ reply: (body) => `Recebi ${body.messages.length} mensagens` });
    expect((await generateText({ model, system: 'sistema', prompt: 'b', maxRetries: 0 })).text).toBe('Recebi 2 mensagens');
  });

  it('uses only the first 80 characters of the last user message by default', async () => {
    const long = 'x'.repeat(200);
    const result = await generateText({
      model,
      messages: [
        { role: 'user', content: 'primeira' },
        { role: 'assistant', content: 'resposta' },
        { role: 'user', content: [{ type: 'text', text: long }] },
      ],
      maxRetries: 0,
    });
    expect(result.text).toBe('Resposta do modelo: ' + 'x'.repeat(80));
  });

  it('streams the same text in several deltas', async () => {
    const prompt = 'Resuma a sessão de hoje com o paciente, por favor.';
    const plain = await generateText({ model, prompt, maxRetries: 0 });
    const { deltas, errors, thrown } = await streamDeltas({ model, prompt, maxRetries: 0 });
    expect([...errors, thrown].filter(Boolean)).toEqual([]);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(plain.text);
    expect(fake.requests.map((request) => Boolean(request.body.stream))).toEqual([false, true]);
  });

  it('streams with a pause between chunks', async () => {
    fake.behave({ reply: 'um dois três', chunkDelayMs: 30 });
    const started = Date.now();
    const { deltas } = await streamDeltas({ model, prompt: 'conte', maxRetries: 0 });
    expect(deltas.join('')).toBe('um dois três');
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
  });

  it('reports usage in a stream when the client asks for it', async () => {
    const withUsage = createOpenAICompatible({ name: 'fake', baseURL: fake.url, includeUsage: true }).chatModel('fake-model');
    const result = streamText({ model: withUsage, prompt: 'quanto custa?', maxRetries: 0 });
    expect(await result.text).toBe('Resposta do modelo: quanto custa?');
    expect((await result.usage).outputTokens).toBeGreaterThan(0);
    expect(fake.requests[0]!.body.stream_options).toEqual({ include_usage: true });
  });

  it('records every request with the system message, the history, the model and the headers', async () => {
    await generateText({
      model,
      system: 'Você é um assistente clínico.',
      messages: [
        { role: 'user', content: 'Primeira pergunta' },
        { role: 'assistant', content: 'Primeira resposta' },
        { role: 'user', content: 'Segunda pergunta' },
      ],
      maxRetries: 0,
    });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.body.model).toBe('fake-model');
    expect(request!.body.messages).toEqual([
      { role: 'system', content: 'Você é um assistente clínico.' },
      { role: 'user', content: 'Primeira pergunta' },
      { role: 'assistant', content: 'Primeira resposta' },
      { role: 'user', content: 'Segunda pergunta' },
    ]);
    expect(request!.headers.authorization).toBe('Bearer test-key');
    expect(request!.headers['content-type']).toContain('application/json');
  });

  it('fails the next requests on demand and then recovers (the client retries)', async () => {
    fake.behave({ failTimes: 1, retryAfterMs: 10 });
    const result = await generateText({ model, prompt: 'de novo', maxRetries: 1 });
    expect(result.text).toBe('Resposta do modelo: de novo');
    expect(fake.requests).toHaveLength(2);
  });

  it('retries after the SDK backoff when no retry header is sent', async () => {
    fake.behave({ failTimes: 1 });
    const result = await generateText({ model, prompt: 'de novo', maxRetries: 1 });
    expect(result.text).toBe('Resposta do modelo: de novo');
    expect(fake.requests).toHaveLength(2);
  });

  it('answers the failure status with an OpenAI-style error body', async () => {
    fake.behave({ failTimes: 2, failStatus: 429 });
    const response = await fetch(`${fake.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'fake-model', messages: [{ role: 'user', content: 'oi' }] }),
    });
    expect(response.status).toBe(429);
    const body = (await response.json()) as { error: { message: string; type: string } };
    expect(body.error.type).toBe('rate_limit_exceeded');
    await expect(generateText({ model, prompt: 'oi', maxRetries: 0 })).rejects.toMatchObject({ statusCode: 429 });
    expect((await generateText({ model, prompt: 'oi', maxRetries: 0 })).text).toBe('Resposta do modelo: oi');
  });

  it('waits before answering', async () => {
    fake.behave({ delayMs: 150 });
    const started = Date.now();
    await generateText({ model, prompt: 'devagar', maxRetries: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('hangs until the client times out', async () => {
    fake.behave({ hang: true });
    const started = Date.now();
    await expect(generateText({ model, prompt: 'alô?', maxRetries: 0, timeout: { totalMs: 300 } })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(fake.requests).toHaveLength(1);
  });

  it('drops a stream after some chunks', async () => {
    fake.behave({ reply: 'um dois três quatro cinco seis', dropAfterChunks: 2 });
    const { deltas, errors, thrown } = await streamDeltas({ model, prompt: 'conte', maxRetries: 0 });
    expect(thrown ?? errors[0]).toBeDefined();
    expect(deltas.join('')).toBe('um dois ');
  });

  it('lists its model and answers 404 elsewhere', async () => {
    const models = await fetch(`${fake.url}/models`);
    expect(await models.json()).toMatchObject({ object: 'list', data: [{ id: 'fake-model' }] });
    const missing = await fetch(`${fake.url}/embeddings`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { message: expect.any(String) } });
    expect(fake.requests).toHaveLength(0);
  });

  it('closes even with a hanging connection', async () => {
    const other = await startFakeChatModel({ behavior: { hang: true } });
    const otherModel = createOpenAICompatible({ name: 'fake', baseURL: other.url }).chatModel('fake-model');
    const pending = generateText({ model: otherModel, prompt: 'alô?', maxRetries: 0 });
    const outcome = pending.then(
      () => 'answered',
      () => 'failed',
    );
    await expect.poll(() => other.requests.length).toBe(1);
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await outcome).toBe('failed');
  });
});
