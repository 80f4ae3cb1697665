import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PostbacksAnswer, PostbackTestAnswer } from '@pc/core/contracts/postbacks';
import { fixtures, serverError, startScreen } from '../../../test/screens.tsx';
import type { MockAnswer } from '../../../test/utils.tsx';
import { formatDateTime } from '../../../lib/format.ts';

const SECRET = fixtures.postbacks.secret!;
const needPassword: MockAnswer = { status: 403, body: { code: 'need_security_password', message: 'Enter your account password to continue.' } };
const empty: PostbacksAnswer = {
  secret: null,
  projects: [
    { project: 'fd1', url: null, updated_at: null, deliveries: [] },
    { project: 'fd2', url: null, updated_at: null, deliveries: [] },
  ],
};

const section = () => screen.findByRole('region', { name: 'Postbacks' }, { timeout: 20_000 });
const project = (id: 'fd1' | 'fd2') => screen.getByTestId(`postback-project-${id}`);
const rowsOf = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('row')
    .filter((row) => row.getAttribute('data-rowindex') !== null);

async function solveCaptcha(payload = 'solved-payload') {
  const widget = await waitFor(() => {
    const el = document.querySelector('altcha-widget');
    expect(el).not.toBeNull();
    return el!;
  });
  fireEvent(widget, new CustomEvent('verified', { detail: { payload } }));
}

describe('postbacks on the API key page', () => {
  it('shows the secret masked (shown and copied on request), each project URL and the delivery log', async () => {
    const user = userEvent.setup();
    startScreen('/api-key');
    const panel = await section();
    const secret = await within(panel).findByTestId('postback-secret');
    expect(secret).toHaveTextContent('pbsec_••••••••••••••••');
    expect(panel).not.toHaveTextContent(SECRET);
    await user.click(within(panel).getByTestId('postback-secret-toggle'));
    expect(secret).toHaveTextContent(SECRET);
    await user.click(within(panel).getByTestId('postback-secret-copy'));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText('Secret copied.')).toBeInTheDocument();

    expect(within(project('fd1')).getByTestId('postback-url-fd1')).toHaveValue('https://hooks.partner.example/postback');
    expect(project('fd1')).toHaveTextContent(`Saved ${formatDateTime('2026-11-10T08:15:00.000Z')}`);
    const grid = await within(project('fd1')).findByRole('grid', { name: 'Latest deliveries to FD1' }, { timeout: 20_000 });
    await waitFor(() => expect(rowsOf(grid)).toHaveLength(3));
    const [retrying, delivered, failed] = rowsOf(grid);
    expect(retrying).toHaveTextContent('Sale status');
    expect(retrying).toHaveTextContent('Retrying');
    expect(retrying).toHaveTextContent(formatDateTime('2026-11-20T11:46:00.000Z'));
    expect(retrying).toHaveTextContent('HTTP 500');
    expect(delivered).toHaveTextContent('Sale');
    expect(delivered).toHaveTextContent('Delivered');
    expect(delivered).toHaveTextContent('HTTP 200');
    expect(failed).toHaveTextContent('Payout status');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('10');
    expect(failed).toHaveTextContent('The receiver did not answer within 5 seconds.');

    // fd2 has no URL: no log, no test or remove buttons.
    expect(project('fd2')).toHaveTextContent('No postback address for this project yet.');
    expect(within(project('fd2')).queryByRole('grid')).not.toBeInTheDocument();
    expect(within(project('fd2')).queryByTestId('postback-test-fd2')).not.toBeInTheDocument();
  });

  it('saves a URL through the account password check; a refused address shows the server message on the field', async () => {
    const user = userEvent.setup();
    let state: PostbacksAnswer = empty;
    let puts = 0;
    const { callsTo } = startScreen('/api-key', {
      'GET /api/postbacks': () => ({ body: state }),
      'PUT /api/postbacks/fd2': (call) => {
        puts += 1;
        if (puts === 1) return needPassword;
        const url = new URLSearchParams(call.body).get('url') ?? '';
        if (url.includes('127.0.0.1'))
          return { status: 422, body: { code: 'validation_failed', message: 'Check the form.', errors: { url: ['This address points to the server itself; use a public address.'] } } };
        const saved = { project: 'fd2' as const, url, updated_at: '2026-11-20T12:00:00.000Z', deliveries: [] };
        state = { secret: SECRET, projects: [state.projects[0]!, saved] };
        return { body: { success: true, message: 'Postback address saved.', data: saved, secret: SECRET } };
      },
      'POST /api/security/check-password': { body: { success: true } },
    });
    const panel = await section();
    expect(await within(panel).findByTestId('postback-secret-none')).toHaveTextContent('A secret is created when you save your first postback address.');
    const input = within(project('fd2')).getByTestId('postback-url-fd2');
    expect(within(project('fd2')).getByTestId('postback-save-fd2')).toBeDisabled();

    await user.type(input, 'https://127.0.0.1/hook');
    await user.click(within(project('fd2')).getByTestId('postback-save-fd2'));
    const dialog = await screen.findByRole('dialog', { name: 'Account password' });
    await user.type(within(dialog).getByTestId('account-password-input'), 'demo-partner');
    await solveCaptcha();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(project('fd2')).findByText('This address points to the server itself; use a public address.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.clear(input);
    await user.type(input, 'https://hooks.partner.example/fd2');
    await user.click(within(project('fd2')).getByTestId('postback-save-fd2'));
    expect(await screen.findByText('Postback address saved.')).toBeInTheDocument();
    expect(callsTo('/postbacks/fd2').filter((c) => c.method === 'PUT')).toHaveLength(3);
    // The section reads again: a secret now, and the project's test and remove buttons.
    expect(await within(panel).findByTestId('postback-secret')).toBeInTheDocument();
    expect(await within(project('fd2')).findByTestId('postback-test-fd2')).toBeInTheDocument();
  });

  it('sends a test event: delivered in a snackbar, not delivered in a warning on the project', async () => {
    const user = userEvent.setup();
    let delivered = true;
    const answer = (): PostbackTestAnswer => ({
      delivered,
      message: delivered ? 'The test postback was delivered (HTTP 200).' : 'The test postback was not delivered: The receiver answered HTTP 404.',
      data: { ...fixtures.postbacks.projects[0]!.deliveries[1]!, id: 500, event: 'test', state: delivered ? 'delivered' : 'failed' } as PostbackTestAnswer['data'],
    });
    const { callsTo } = startScreen('/api-key', { 'POST /api/postbacks/fd1/test': () => ({ body: answer() }) });
    await section();
    await user.click(await screen.findByTestId('postback-test-fd1'));
    expect(await screen.findByText('The test postback was delivered (HTTP 200).')).toBeInTheDocument();
    delivered = false;
    await user.click(within(project('fd1')).getByTestId('postback-test-fd1'));
    expect(await within(project('fd1')).findByTestId('postback-test-result-fd1')).toHaveTextContent('The receiver answered HTTP 404.');
    expect(callsTo('/postbacks/fd1/test')).toHaveLength(2);
    // The log is read again after each test.
    await waitFor(() => expect(callsTo('/postbacks').filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(3));
  });

  it('rotates the secret and removes a URL, each after a confirmation (cancel changes nothing)', async () => {
    const user = userEvent.setup();
    let state: PostbacksAnswer = fixtures.postbacks as PostbacksAnswer;
    const { callsTo } = startScreen('/api-key', {
      'GET /api/postbacks': () => ({ body: state }),
      'POST /api/postbacks/secret/rotate': () => {
        state = { ...state, secret: 'pbsec_new' };
        return { body: { success: true, message: 'A new signing secret is in use. Update it on your receiver.', secret: 'pbsec_new' } };
      },
      'DELETE /api/postbacks/fd1': () => {
        const removed = { project: 'fd1' as const, url: null, updated_at: null, deliveries: [] };
        state = { ...state, projects: [removed, state.projects[1]!] };
        return { body: removed };
      },
    });
    const panel = await section();
    await user.click(await within(panel).findByTestId('postback-secret-rotate'));
    let confirm = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('/postbacks/secret/rotate')).toHaveLength(0);
    await user.click(within(panel).getByTestId('postback-secret-rotate'));
    confirm = await screen.findByRole('dialog', { name: 'Rotate the signing secret?' });
    await user.click(within(confirm).getByRole('button', { name: 'Rotate' }));
    expect(await screen.findByText('A new signing secret is in use. Update it on your receiver.')).toBeInTheDocument();
    await waitFor(() => expect(within(panel).getByTestId('postback-secret')).toHaveTextContent('pbsec_new'));

    await user.click(within(project('fd1')).getByTestId('postback-remove-fd1'));
    confirm = await screen.findByRole('dialog', { name: 'Remove the postback address?' });
    expect(confirm).toHaveTextContent('FD1 stops sending postbacks');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Postback address removed.')).toBeInTheDocument();
    await waitFor(() => expect(project('fd1')).toHaveTextContent('No postback address for this project yet.'));
    expect(within(project('fd1')).getByTestId('postback-url-fd1')).toHaveValue('');
  });

  it('shows a failed read in place with a retry, the key panel unaffected', async () => {
    const user = userEvent.setup();
    let fail = true;
    startScreen('/api-key', { 'GET /api/postbacks': () => (fail ? serverError : { body: empty }) });
    const panel = await section();
    expect(await within(panel).findByTestId('error')).toBeInTheDocument();
    expect(await screen.findByTestId('key-masked')).toBeInTheDocument();
    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByTestId('postback-secret-none')).toBeInTheDocument();
  });
});
