import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Plan, ProjectId } from '@pc/core';
import type { Rng } from './random.ts';

/**
 * Creates a partner the way a person does, through the cabinet's API: captcha, registration (optionally invited
 * by `ref`), the confirmation link from the development mailbox, sign-in, and activation of both programmes.
 */
export interface CreatedPartner {
  email: string;
  password: string;
  userId: number;
  app: Record<ProjectId, number>;
  /** Chooses the plan applying from the next day on the rates page's call (POST /api/rates), as the partner. */
  choosePlan(project: ProjectId, plan: Plan): Promise<{ effective_from: string }>;
}

/**
 * Which plan a simulated partner switches to after joining, if any: about a third leave the default (Mixed) for
 * PPS or PPD, so the demo has partners whose plan history and pricing change from the next day.
 */
export function planChoice(rng: Rng): Plan | null {
  if (!rng.chance(1 / 3)) return null;
  return rng.pick(['pps', 'ppd'] as const);
}

class Session {
  private cookies = new Map<string, string>();
  constructor(private readonly baseUrl: string) {}
  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
  async captcha(): Promise<string> {
    const challenge = await this.call<Challenge>('GET', '/api/captcha');
    const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
    if (!solution) throw new Error('captcha not solved');
    return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
  }
}

export async function createPartnerViaApi(baseUrl: string, email: string, opts: { ref?: number; password?: string } = {}): Promise<CreatedPartner> {
  const base = baseUrl.replace(/\/$/, '');
  const password = opts.password ?? `Sim-${email.length}-passw0rd!`;
  const s = new Session(base);
  await s.call('POST', '/api/auth/register', { email, password, agree: true, captcha: await s.captcha(), ...(opts.ref ? { ref: opts.ref } : {}) });
  const messages = await s.call<Array<{ links: string[] }>>('GET', `/dev/mailbox/messages?to=${encodeURIComponent(email)}`);
  const link = messages.flatMap((m) => m.links).find((l) => l.includes('/auth/confirm-registration/'));
  if (!link) throw new Error(`no confirmation mail for ${email}`);
  const token = link.split('/auth/confirm-registration/')[1]!.split(/[?#]/)[0]!;
  await s.call('POST', '/api/auth/confirm-registration', { token });
  await s.call('POST', '/api/auth/login', { email, password, captcha: await s.captcha() });
  const app = {} as Record<ProjectId, number>;
  for (const pid of ['fd1', 'fd2'] as const) {
    const answer = await s.call<{ user_id: number }>('POST', '/api/activate-program', { pid });
    app[pid] = answer.user_id;
  }
  const user = await s.call<{ id: number }>('GET', '/api/user');
  const choosePlan = async (project: ProjectId, plan: Plan) => {
    const answer = await s.call<{ data: { next: { effective_from: string } | null } }>('POST', `/api/rates?app=${project}`, { plan });
    return { effective_from: answer.data.next?.effective_from ?? '' };
  };
  return { email, password, userId: user.id, app, choosePlan };
}
