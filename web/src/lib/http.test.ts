import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/utils.tsx';
import { ApiRequestError, http } from './http.ts';

describe('http layer', () => {
  it('posts form-encoded to /api with cookies', async () => {
    const api = mockApi({ 'POST /api/auth/login': { body: { ok: 1 } } });
    await http.post('/auth/login', { email: 'a@b.c', password: 'p w', captcha: 'x', skip: undefined });
    const call = api.calls[0]!;
    expect(call.contentType).toContain('application/x-www-form-urlencoded');
    expect(call.body).toBe('email=a%40b.c&password=p+w&captcha=x');
    const init = api.fetchMock.mock.calls[0]![1] as RequestInit;
    expect(init.credentials).toBe('same-origin');
  });

  it('sends JSON when asked', async () => {
    const api = mockApi({ 'POST /api/x': { body: {} } });
    await http.post('/x', { a: 1 }, { json: true });
    expect(api.calls[0]!.contentType).toBe('application/json');
    expect(api.calls[0]!.body).toBe('{"a":1}');
  });

  it('turns error answers into ApiRequestError with code and field errors', async () => {
    mockApi({ 'POST /api/x': { status: 422, body: { code: 'validation_failed', message: 'Check', errors: { email: ['bad'] } } } });
    const error = await http.post('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 422, code: 'validation_failed', errors: { email: ['bad'] }, serverMessage: 'Check' });
  });
});
