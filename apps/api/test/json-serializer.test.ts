import { allApiRoutes, chatMessagesResponse, errorEnvelope, patientListResponse, userResponse } from '@consultorio/shared';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createSerializerCompiler, serializationSchema } from '../src/platform/json-serializer';

/** The serializer the app compiles for a route answering `schema` as JSON. */
function serializerFor(schema: z.ZodType, crossCheck = false) {
  const compile: FastifySerializerCompiler<unknown> = createSerializerCompiler({ crossCheck });
  return compile({ schema, method: 'GET', url: '/test', httpStatus: '200', contentType: 'application/json' });
}

/** What zod's serializer wrote before: the parsed answer with only the schema's properties. */
const zodAnswer = (schema: z.ZodType, data: unknown) => JSON.parse(JSON.stringify(schema.encode(data))) as unknown;

const patient = {
  id: '6f1c1f7e-8d5a-4a53-9b7e-5a1d2c3b4a59',
  firstName: 'João',
  lastName: null,
  fullName: 'João',
  gender: null,
  birthdate: '1990-02-28',
  cc: '+55',
  phone: null,
  email: 'joao@example.com',
  country: 'BR',
  avatarExternalKey: null,
  remindersOptOut: false,
  whatsappOptIn: false,
  whatsappOptInAt: null,
  whatsappStoppedAt: null,
  document: null,
  sessionFeeCents: 15000,
  payerName: 'Maria "Mãe" \u2028 da Silva',
  payerDocument: null,
  payerEmail: null,
  createdAt: '2026-01-02T03:04:05.678Z',
  updatedAt: '2026-01-02T03:04:05.678Z',
};

describe('the JSON serializer (fast-json-stringify from the contract)', () => {
  it('compiles every JSON answer of the contract, and the error envelope, with no branch left to choose at run time', () => {
    const schemas = [...allApiRoutes().filter((route) => !route.raw).map((route) => route.response), errorEnvelope];
    for (const schema of schemas) {
      const json = JSON.stringify(serializationSchema(schema));
      // A nullable value is a list of types: fast-json-stringify writes it directly instead of validating it against branches.
      expect(json).not.toContain('"anyOf"');
      expect(json).not.toContain('"oneOf"');
      expect(() => fastJson(serializationSchema(schema))).not.toThrow();
    }
  });

  it('writes what zod wrote: a page of patients with nulls, escapes and a cursor', () => {
    const page = { status: 200, data: { patients: [patient, { ...patient, id: '0b7e3c1e-2f4a-4c8b-9d6e-1a2b3c4d5e6f', lastName: 'Souza' }], total: 2, nextCursor: null } };
    expect(JSON.parse(serializerFor(patientListResponse)(page))).toEqual(zodAnswer(patientListResponse, page));
  });

  it('writes a message without its optional files, and one with them, as zod did', () => {
    const base = { id: '6f1c1f7e-8d5a-4a53-9b7e-5a1d2c3b4a59', sender: 'user', content: { text: 'Olá' }, createdAt: '2026-01-02T03:04:05.678Z', creationDate: '2026-01-02T03:04:05.678Z' };
    const answer = { status: 201, data: { chatsMessages: [base, { ...base, files: [] }] } };
    expect(JSON.parse(serializerFor(chatMessagesResponse)(answer))).toEqual(zodAnswer(chatMessagesResponse, answer));
  });

  it('never writes a property the schema does not have (a user row has its password hash)', () => {
    const user = userResponse.shape.data.shape.user;
    const row = { ...Object.fromEntries(Object.keys(user.shape).map((name) => [name, null])), id: patient.id, username: 'ana', email: 'a@b.c', firstName: 'Ana', passwordHash: '$argon2id$secret' };
    const text = serializerFor(userResponse)({ status: 200, data: { user: row } });
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('argon2');
  });

  it('with the cross-check (tests and development), refuses an answer zod refuses', () => {
    const broken = { status: 200, data: { patients: [{ ...patient, sessionFeeCents: 'cento e cinquenta' }], total: 1, nextCursor: null } };
    expect(() => serializerFor(patientListResponse, true)(broken)).toThrow();
  });
});
