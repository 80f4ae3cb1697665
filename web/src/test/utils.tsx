import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../app/AppProviders.tsx';
import { createQueryClient } from '../app/query-client.ts';

export interface MockAnswer {
  status?: number;
  body?: unknown;
}

export interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  contentType: string;
}

type Handler = MockAnswer | ((call: RecordedCall) => MockAnswer | Promise<MockAnswer>);

/**
 * Replaces fetch with a table of answers keyed by "METHOD /api/path" (no query string). Unknown calls
 * answer 404 not_found, as the server does. Returns the calls made, in order.
 */
export function mockApi(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const body = init.body === undefined || init.body === null ? '' : String(init.body);
    const call: RecordedCall = { method, path: url.pathname, query: Object.fromEntries(url.searchParams), headers, body, contentType: headers['content-type'] ?? '' };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const answer = typeof handler === 'function' ? await handler(call) : (handler ?? { status: 404, body: { code: 'not_found', message: 'Nothing was found here.' } });
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, bodyOf: (call: RecordedCall) => Object.fromEntries(new URLSearchParams(call.body)) };
}

export function renderWithProviders(ui: ReactElement, queryClient: QueryClient = createQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) => <AppProviders queryClient={queryClient}>{children}</AppProviders>;
  return { queryClient, ...render(ui, { wrapper }) };
}

export const testUser = {
  id: 7,
  email: 'partner@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  contact: '',
  lang: 'en' as const,
  is_active: true,
  newsletter: false,
  app_users_id: { fd1: 101 },
  login_limit_enabled: true,
  captcha_enabled: true,
  security_code_enabled: false,
  theme: 'system' as const,
  created_at: '2026-11-01T10:00:00.000Z',
};
