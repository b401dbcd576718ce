import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler = Parameters<FastifyInstance['setSerializerCompiler']>[0];

/**
 * Answers are written by a serializer compiled from each route's response schema
 * (fast-json-stringify, the one Fastify itself uses for JSON Schema): it writes only the fields the
 * contract declares, so nothing outside the contract can leave the server, at a fraction of the cost
 * of parsing every answer with Zod first (docs/performance.md "HTTP throughput").
 *
 * With `check` on (the test suites), each answer is also parsed by Zod against the same schema and must
 * come out the same (fields and values; key order aside): an answer that breaks its contract fails the
 * test that made it, and so would any difference between the two serializers.
 */
export function responseSerializerCompiler(check: boolean): SerializerCompiler {
  return (route) => {
    const schema = route.schema as z.ZodType;
    const zodSerialize = zodSerializerCompiler(route as never) as (data: unknown) => string;
    let stringify: (data: unknown) => string;
    try {
      stringify = fastJson(z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as never);
    } catch {
      // A schema JSON Schema cannot express: Zod writes that route's answers.
      return zodSerialize;
    }
    if (!check) return stringify;
    return (data) => {
      const expected = zodSerialize(data);
      const written = stringify(data);
      // The same fields and values; the order of an object's keys may differ (a schema's extend).
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `${route.method} ${route.url}: the compiled serializer wrote ${written.slice(0, 400)}; Zod wrote ${expected.slice(0, 400)}`,
        );
      }
      return written;
    };
  };
}
