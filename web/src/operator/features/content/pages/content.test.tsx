import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContentNews, ContentNotification } from '@pc/core/contracts/console-content';
import { startConsole } from '../../../test/console.tsx';
import { meAs } from '../../../test/fixtures.ts';

const news = (over: Partial<ContentNews>): ContentNews => ({
  id: 5,
  project: null,
  texts: { en: { title: 'Autumn rates', body: 'Rates go up.' }, ru: { title: 'Осенние ставки', body: 'Ставки растут.' } },
  publish_at: '2026-11-20T12:00:00.000Z',
  status: 'published',
  created_at: '2026-11-20T12:00:00.000Z',
  created_by: 'staff:1:Ada Admin',
  updated_at: null,
  withdrawn_at: null,
  ...over,
});
const newsList = {
  data: [news({ id: 6, project: 'fd1', status: 'scheduled', publish_at: '2026-12-01T09:00:00.000Z', texts: { en: { title: 'Maintenance', body: 'Soon.' } } }), news({})],
  meta: { page: 1, per_page: 50, total: 2 },
};
const notification: ContentNotification = {
  id: 9,
  user_id: 7,
  email: 'p@partner.test',
  texts: { en: { title: 'Wallet needed', body: 'Add a wallet.' } },
  publish_at: '2026-11-19T08:00:00.000Z',
  status: 'withdrawn',
  created_at: '2026-11-19T08:00:00.000Z',
  created_by: 'Ada Admin',
  updated_at: '2026-11-20T08:00:00.000Z',
  withdrawn_at: '2026-11-20T08:00:00.000Z',
};

const rowsOf = async (name: string) => {
  const grid = await screen.findByRole('grid', { name }, { timeout: 20_000 });
  await waitFor(() => expect(within(grid).getAllByRole('row').length).toBeGreaterThan(1));
  return within(grid).getAllByRole('row').filter((row) => row.getAttribute('data-rowindex') !== null);
};

describe('console: content', () => {
  it('lists news and notifications in tabs with audience, time and status; withdraws after a confirmation', async () => {
    const user = userEvent.setup();
    const { callsTo } = await startConsole(
      '/operator/content',
      {
        'GET /operator/v1/content/news': { body: newsList },
        'GET /operator/v1/content/notifications': { body: { data: [notification], meta: { page: 1, per_page: 50, total: 1 } } },
        'POST /operator/v1/content/news/5/withdraw': { body: news({ status: 'withdrawn', withdrawn_at: '2026-11-21T00:00:00.000Z' }) },
      },
      meAs('content'),
    );
    const [scheduled, published] = await rowsOf('News');
    expect(scheduled).toHaveTextContent('Maintenance');
    expect(scheduled).toHaveTextContent('Partners of fd1');
    expect(scheduled).toHaveTextContent('Scheduled');
    expect(published).toHaveTextContent('EN · RU');
    expect(published).toHaveTextContent('All partners');
    expect(published).toHaveTextContent('Published');

    await user.click(screen.getByTestId('content-withdraw-5'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Withdraw “Autumn rates”?');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(callsTo('/content/news/5/withdraw')).toHaveLength(1));

    await user.click(screen.getByTestId('content-tab-notifications'));
    const [row] = await rowsOf('Notifications');
    expect(row).toHaveTextContent('p@partner.test');
    expect(row).toHaveTextContent('Withdrawn');
    expect(screen.queryByTestId('content-edit-9')).toBeNull();
    expect(callsTo('/content/notifications')[0]!.query).toEqual({ page: '1', per_page: '50' });
  }, 40_000);

  it('writes news with a tab per language; the preview shows the partner’s view, Arabic right to left, English as a fallback', async () => {
    const user = userEvent.setup();
    const { callsTo, jsonOf } = await startConsole('/operator/content/news/new', { 'POST /operator/v1/content/news': { body: news({ id: 12 }) }, 'GET /operator/v1/content/news': { body: newsList } }, meAs('content'));
    const title = await screen.findByTestId('content-title', undefined, { timeout: 20_000 });
    // Nothing typed: English is required, and nothing is sent.
    await user.click(screen.getByTestId('content-save'));
    expect(await screen.findByText('Enter a title.')).toBeInTheDocument();
    expect(callsTo('/content/news').filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.type(title, 'Autumn rates');
    await user.type(screen.getByTestId('content-body'), 'Rates go up.');
    const preview = screen.getByTestId('content-preview');
    expect(preview).toHaveAttribute('dir', 'ltr');
    expect(within(preview).getByTestId('preview-title')).toHaveTextContent('Autumn rates');

    await user.click(screen.getByTestId('content-lang-ar'));
    expect(screen.getByTestId('content-title')).toHaveAttribute('dir', 'rtl');
    await user.type(screen.getByTestId('content-title'), 'أسعار الخريف');
    await user.type(screen.getByTestId('content-body'), 'ترتفع الأسعار.');
    await waitFor(() => expect(screen.getByTestId('content-preview')).toHaveAttribute('dir', 'rtl'));
    expect(screen.getByTestId('content-preview')).toHaveAttribute('lang', 'ar');
    expect(screen.getByTestId('preview-title')).toHaveTextContent('أسعار الخريف');
    expect(screen.queryByTestId('preview-fallback')).toBeNull();

    // German has no text: the partner reads English, marked in the partner app's own German label.
    await user.click(screen.getByTestId('content-lang-de'));
    expect(screen.getByTestId('content-lang-note')).toHaveTextContent('Deutsch is optional');
    expect(await screen.findByTestId('preview-fallback')).toHaveTextContent('Auf Englisch angezeigt');
    expect(screen.getByTestId('preview-title')).toHaveTextContent('Autumn rates');
    expect(screen.getByTestId('content-preview')).toHaveAttribute('dir', 'ltr');

    await user.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(callsTo('/content/news').filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(jsonOf(callsTo('/content/news').find((c) => c.method === 'POST')!)).toEqual({
      texts: { en: { title: 'Autumn rates', body: 'Rates go up.' }, ar: { title: 'أسعار الخريف', body: 'ترتفع الأسعار.' } },
      project: null,
      publish_at: null,
    });
  }, 60_000);

  it('schedules a notification to one partner at a set time and shows the server’s refusal of an unknown partner', async () => {
    const user = userEvent.setup();
    const { callsTo, jsonOf } = await startConsole(
      '/operator/content/notifications/new',
      { 'POST /operator/v1/content/notifications': { status: 422, body: { code: 'validation_failed', message: 'Check the form.', errors: { partner: ['No partner with this id or email.'] } } } },
      meAs('admin'),
    );
    await user.type(await screen.findByTestId('content-title', undefined, { timeout: 20_000 }), 'Wallet needed');
    await user.type(screen.getByTestId('content-body'), 'Add a wallet.');
    await user.click(within(screen.getByTestId('content-audience-one')).getByRole('radio'));
    await user.type(screen.getByTestId('content-partner'), 'nobody@partner.test');
    await user.click(within(screen.getByTestId('content-publish-at')).getByRole('radio'));
    fireEvent.change(screen.getByTestId('content-at'), { target: { value: '2099-01-02T10:30' } });
    await user.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(callsTo('/content/notifications')).toHaveLength(1));
    expect(jsonOf(callsTo('/content/notifications')[0]!)).toEqual({
      texts: { en: { title: 'Wallet needed', body: 'Add a wallet.' } },
      partner: 'nobody@partner.test',
      publish_at: new Date('2099-01-02T10:30').toISOString(),
    });
    expect(await screen.findByText('No partner with this id or email.')).toBeInTheDocument();
  }, 40_000);

  it('edits an item with its texts loaded; in Russian', async () => {
    const user = userEvent.setup();
    const { callsTo, jsonOf } = await startConsole(
      '/operator/content/news/5',
      { 'GET /operator/v1/content/news/5': { body: news({}) }, 'PATCH /operator/v1/content/news/5': { body: news({}) }, 'GET /operator/v1/content/news': { body: newsList } },
      meAs('content'),
      'ru',
    );
    expect(await screen.findByRole('heading', { name: 'Правка новости' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(await screen.findByTestId('content-title')).toHaveValue('Autumn rates');
    await user.click(screen.getByTestId('content-lang-ru'));
    expect(screen.getByTestId('content-title')).toHaveValue('Осенние ставки');
    expect(screen.getByText('Оставить время публикации')).toBeInTheDocument();
    await user.click(screen.getByTestId('content-save'));
    await waitFor(() => expect(callsTo('/content/news/5').filter((c) => c.method === 'PATCH')).toHaveLength(1));
    // The publish time is kept: not sent.
    expect(jsonOf(callsTo('/content/news/5').find((c) => c.method === 'PATCH')!)).toEqual({ texts: news({}).texts, project: null });
  }, 40_000);

  it('is not open to finance', async () => {
    await startConsole('/operator/content', {}, meAs('finance'));
    expect(await screen.findByTestId('not-allowed', undefined, { timeout: 20_000 })).toBeInTheDocument();
  }, 30_000);
});
