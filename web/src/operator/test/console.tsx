import { render } from '@testing-library/react';
import type { StaffMe } from '@pc/core/contracts/staff';
import { mockApi, type MockAnswer, type RecordedCall } from '../../test/utils.tsx';
import { ConsoleApp } from '../app/ConsoleApp.tsx';
import { createConsoleQueryClient } from '../app/query-client.ts';
import { CONSOLE_NAMESPACES, consoleI18n, initConsoleI18n, type ConsoleLang } from '../lib/i18n.ts';
import { ME_KEY, signedOutNotice } from '../lib/session.ts';
import { auditPage, meAs, staffMembers, tokens } from './fixtures.ts';

type Handler = MockAnswer | ((call: RecordedCall) => MockAnswer | Promise<MockAnswer>);

export const consoleAnswers: Record<string, Handler> = {
  'GET /operator/v1/staff': { body: { data: staffMembers } },
  'GET /operator/v1/tokens': { body: { data: tokens } },
  'GET /operator/v1/audit': { body: auditPage },
};

/**
 * The whole console at `path` (under /operator) with fetch answering from the table (some answers replaced), the
 * member signed in (`me`) or nobody (null), in English unless told.
 */
export async function startConsole(path: string, overrides: Record<string, Handler> = {}, me: StaffMe | null = meAs('admin'), lang: ConsoleLang = 'en') {
  await initConsoleI18n(lang);
  await consoleI18n.loadNamespaces([...CONSOLE_NAMESPACES]);
  signedOutNotice.set(null);
  const api = mockApi({ 'GET /operator/v1/session/me': me ? { body: me } : { status: 401, body: { code: 'unauthorized', message: 'Sign in again.' } }, ...consoleAnswers, ...overrides });
  const queryClient = createConsoleQueryClient();
  queryClient.setQueryData(ME_KEY, me);
  const view = render(<ConsoleApp queryClient={queryClient} initialEntries={[path]} />);
  const callsTo = (p: string) => api.calls.filter((c) => c.path === `/operator/v1${p}`);
  const jsonOf = (call: RecordedCall) => JSON.parse(call.body) as Record<string, unknown>;
  return { api, queryClient, callsTo, jsonOf, view };
}
