import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type Serializer = (data: unknown) => string;

/** Keywords whose value is a map of names to schemas, and those whose value is a schema or a list of them. */
const schemaMaps = new Set(['properties', 'patternProperties', '$defs', 'definitions']);
const schemaValues = new Set(['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'not', 'prefixItems']);

const isSchema = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

function mapSchemas(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(mapSchemas);
  return isSchema(value) ? forSerialization(value) : value;
}

const isNullType = (schema: unknown) => isSchema(schema) && schema.type === 'null' && Object.keys(schema).length === 1;

/**
 * `anyOf: [X, { type: 'null' }]` (zod's `.nullable()`) as X with `type: [X's type, 'null']`: the
 * same answers, but fast-json-stringify writes a type list directly where it would otherwise
 * validate each value against the branches to choose one.
 */
function nullableAsTypeList(schema: JsonSchema): JsonSchema {
  const { anyOf, ...rest } = schema;
  if (!Array.isArray(anyOf) || anyOf.length !== 2 || !anyOf.some(isNullType)) return schema;
  const other: unknown = anyOf.find((branch) => !isNullType(branch));
  if (!isSchema(other) || typeof other.type !== 'string') return schema;
  return { ...rest, ...other, type: [other.type, 'null'] };
}

/**
 * The JSON Schema fast-json-stringify compiles: validation-only keywords (`format`) dropped, as
 * fast-json-stringify would rewrite a value by its format (a `date` string from a Date) where
 * the answer must be what the handler gave.
 */
function forSerialization(schema: JsonSchema): JsonSchema {
  const result: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === 'format' || keyword === '$schema') continue;
    if (schemaMaps.has(keyword) && isSchema(value)) result[keyword] = Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, mapSchemas(inner)]));
    else if (schemaValues.has(keyword)) result[keyword] = mapSchemas(value);
    else result[keyword] = value;
  }
  return nullableAsTypeList(result);
}

/** A response schema as fast-json-stringify compiles it. */
export function serializationSchema(schema: z.ZodType): JsonSchema {
  return forSerialization(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }));
}

function zodSchemaOf(schema: unknown): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  if (isSchema(schema) && schema.properties instanceof z.ZodType) return schema.properties;
  throw new Error(`not a zod schema: ${JSON.stringify(schema)}`);
}

const isJson = (contentType: string | undefined) => contentType === undefined || /^application\/(?:[\w.+-]+\+)?json\b/.test(contentType);

/**
 * Writes JSON answers with fast-json-stringify from the route's zod response schema (compiled on
 * the route's first answer), several times faster than validating with zod and then calling
 * JSON.stringify. Like zod, it writes only the schema's properties; it writes an object's
 * required properties before its optional ones (the same JSON to any parser). Unlike zod it does
 * not refuse an answer that breaks the schema; so with `crossCheck` (tests and development) every
 * answer is also written the zod way and any difference in the parsed JSON is an error.
 */
export function createSerializerCompiler({ crossCheck }: { crossCheck: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const checked = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as Serializer;
    if (!isJson(route.contentType)) return checked;
    let fast: Serializer | undefined;
    return (data: unknown) => {
      fast ??= fastJson(serializationSchema(zodSchemaOf(route.schema))) as Serializer;
      const text = fast(data);
      if (crossCheck) {
        const expected = checked(data);
        if (!isDeepStrictEqual(JSON.parse(text), JSON.parse(expected))) throw new Error(`${route.method} ${route.url}: fast-json-stringify wrote ${text.slice(0, 300)} where zod writes ${expected.slice(0, 300)}`);
      }
      return text;
    };
  };
}
