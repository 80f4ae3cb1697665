import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializer } from './answers.ts';

const answer = z.object({ total: z.number().int(), rows: z.array(z.object({ day: z.string(), earned: z.number().int() })) });

async function appAnswering(check: boolean, data: unknown, errors: Error[] = []) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler((error: Error, _req, reply) => {
    errors.push(error);
    return reply.code(500).send({ code: 'internal' });
  });
  app.setSerializerCompiler(answerSerializer(check));
  app.get('/answer', { schema: { response: { 200: answer } } }, async () => data as z.infer<typeof answer>);
  await app.ready();
  return app;
}

describe('answers: written as built, held against their contract under tests', () => {
  const exact = { rows: [{ earned: 1_250_000, day: '2026-11-23' }], total: 1_250_000 };

  it.each([true, false])('an answer exactly in its contract is written as built (check %s)', async (check) => {
    const app = await appAnswering(check, exact);
    const res = await app.inject('/answer');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(exact));
    await app.close();
  });

  it.each([
    ['a field the contract does not have', { ...exact, internal_note: 'secret' }, '.internal_note'],
    ['a row with a field too many', { ...exact, rows: [{ ...exact.rows[0], user_id: 7 }] }, '.rows.0.user_id'],
  ])('under tests, %s fails the call and names where', async (_label, data, where) => {
    const errors: Error[] = [];
    const app = await appAnswering(true, data, errors);
    const res = await app.inject('/answer');
    expect(res.statusCode).toBe(500);
    expect(errors[0]?.message).toContain(`"${where}"`);
    await app.close();
  });

  it('under tests, an answer its contract refuses fails the call', async () => {
    const app = await appAnswering(true, { ...exact, total: 1.5 });
    expect((await app.inject('/answer')).statusCode).toBe(500);
    await app.close();
  });

  it('outside tests, nothing is re-validated: the answer is written as the service built it', async () => {
    const app = await appAnswering(false, { ...exact, total: 1.5 });
    const res = await app.inject('/answer');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...exact, total: 1.5 });
    await app.close();
  });
});
