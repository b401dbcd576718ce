import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './serializer';

const ZAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  note: z.string().nullable(),
  tags: z.array(z.object({ code: z.string() })),
});

/** An app with one route answering `data` under the response schema above. */
async function appAnswering(data: unknown, check: boolean) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(check));
  app.get('/x', { schema: { response: { 200: ZAnswer } } }, async () => data);
  await app.ready();
  return app;
}

describe('the compiled response serializer', () => {
  const leaky = { id: 7, passwordHash: '$argon2id$secret', name: 'Ana', note: null, tags: [{ code: 'vip', internal: 1 }] };

  it('writes only the fields the contract declares, at every depth', async () => {
    for (const check of [false, true]) {
      const app = await appAnswering(leaky, check);
      const answer = await app.inject({ method: 'GET', url: '/x' });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ id: 7, name: 'Ana', note: null, tags: [{ code: 'vip' }] });
      expect(answer.body).not.toContain('argon2');
      await app.close();
    }
  });

  it('with the check on, refuses an answer that breaks its contract (500), which the compiled one alone would write', async () => {
    const broken = { id: 7, name: 5, note: null, tags: [] };
    const lenient = await appAnswering(broken, false);
    expect((await lenient.inject({ method: 'GET', url: '/x' })).statusCode).toBe(200);
    await lenient.close();
    const checked = await appAnswering(broken, true);
    expect((await checked.inject({ method: 'GET', url: '/x' })).statusCode).toBe(500);
    await checked.close();
  });
});
