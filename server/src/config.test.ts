import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { createTestApp } from './test/harness.ts';
import { mailbox } from './modules/auth/testing.ts';
import { solveCaptcha } from './plumbing/captcha/testing.ts';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db.example/pc',
  SESSION_SECRET: 'prod-session-secret-0123456789abcdefghijklmnop',
  CAPTCHA_SECRET: 'prod-captcha-secret-0123',
  AUTOLOGIN_SECRET_FD1: 'prod-autologin-fd1-0123',
  AUTOLOGIN_SECRET_FD2: 'prod-autologin-fd2-0123',
  INGEST_TOKEN_FD1: 'prod-ingest-fd1-0123456789',
  INGEST_TOKEN_FD2: 'prod-ingest-fd2-0123456789',
  OPERATOR_TOKEN: 'prod-operator-0123456789',
  PAYOUT_DETAILS_KEY: 'prod-payout-details-key-0123456789abcdef',
};

describe('configuration', () => {
  it('defaults PUBLIC_URL to the port actually served', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3100' })).toMatchObject({ PORT: 3100, PUBLIC_URL: 'http://localhost:3100' });
  });

  it('keeps an explicit PUBLIC_URL whatever the port', () => {
    expect(loadConfig({ PORT: '3100', PUBLIC_URL: 'https://cabinet.example' }).PUBLIC_URL).toBe('https://cabinet.example');
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });

  it('logs readable lines in development and JSON in production, unless LOG_FORMAT says otherwise', () => {
    expect(loadConfig({}).LOG_FORMAT).toBe('pretty');
    expect(loadConfig(production).LOG_FORMAT).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(loadConfig({ ...production, LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('still refuses development secrets in production', () => {
    expect(() => loadConfig({ ...production, OPERATOR_TOKEN: 'dev-operator-token-0000000000000000' })).toThrow(/OPERATOR_TOKEN/);
  });

  it('mails links on the port served when PUBLIC_URL is unset', async () => {
    const t = await createTestApp({ config: { PORT: '3100' } });
    try {
      const email = 'port@example.com';
      const reg = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password: 'Tr0ub4dor&3-horse', agree: true, captcha: await solveCaptcha(t.app) },
      });
      expect(reg.statusCode, reg.body).toBe(200);
      const [mail] = await mailbox(t.app, email);
      expect(mail!.links[0]).toMatch(/^http:\/\/localhost:3100\/auth\/confirm-registration\//);
    } finally {
      await t.close();
    }
  });
});
