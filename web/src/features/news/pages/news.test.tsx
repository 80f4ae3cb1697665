import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixtures, serverError, startScreen } from '../../../test/screens.tsx';
import { formatDate } from '../../../lib/format.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import arNav from '../../../../../locales/ar/nav.json';

const newsItems = () => screen.findAllByTestId('news-item', {}, { timeout: 20_000 });
const notificationItems = () => screen.findAllByTestId('notification-item', {}, { timeout: 20_000 });
const badge = (testId: string) => screen.getByTestId(testId).querySelector('.MuiBadge-badge');

describe('news list', () => {
  it('lists the news newest first with unread markers, project labels and links to each article', async () => {
    startScreen('/news');
    const items = await newsItems();
    expect(items).toHaveLength(3);
    const [first, second, third] = items;
    expect(first).toHaveTextContent('Payouts on 24 and 25 December');
    expect(first).toHaveTextContent(formatDate(fixtures.news.data[0]!.published_at));
    expect(within(first!).getByTestId('unread-marker')).toHaveTextContent('New');
    expect(first).toHaveTextContent('All projects');
    expect(second).toHaveTextContent('FD2');
    expect(within(third!).queryByTestId('unread-marker')).not.toBeInTheDocument();
    expect(third).toHaveAttribute('data-unread', 'false');
    expect(screen.getByTestId('news-unread')).toHaveTextContent('2 unread');
    expect(within(first!).getByRole('link', { name: 'Payouts on 24 and 25 December' })).toHaveAttribute('href', '/news/14');
    expect(within(first!).getByRole('link', { name: 'Read more: Payouts on 24 and 25 December' })).toHaveAttribute('href', '/news/14');
    // No translation markers when the texts are in the partner's language; one page, so no pager.
    expect(screen.queryByTestId('fallback')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'News pages' })).not.toBeInTheDocument();
  });

  it('marks a text shown in English when the partner’s language has none', async () => {
    const [first, ...rest] = fixtures.news.data;
    startScreen('/news', { 'GET /api/news': { body: { ...fixtures.news, data: [{ ...first!, fallback: true, lang: 'en' }, ...rest] } } });
    const [item] = await newsItems();
    expect(within(item!).getByTestId('fallback')).toHaveTextContent('Shown in English');
    expect(item!.querySelector('[lang="en"]')).toHaveTextContent('Payouts on 24 and 25 December');
    expect(screen.getAllByTestId('fallback')).toHaveLength(1);
  });

  it('pages on the server, keeping the page in the address', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = startScreen('/news', {
      'GET /api/news': (call) => ({ body: { ...fixtures.news, meta: { ...fixtures.news.meta, page: Number(call.query.page), total: 23 } } }),
    });
    await newsItems();
    expect(callsTo('/news').some((c) => c.query.page === '1' && c.query.per_page === '10')).toBe(true);
    const pager = screen.getByRole('navigation', { name: 'News pages' });
    await user.click(within(pager).getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(callsTo('/news').some((c) => c.query.page === '3' && c.query.per_page === '10')).toBe(true));
    expect(router.state.location.search).toBe('?page=3');
  });

  it('says when there is no news', async () => {
    startScreen('/news', { 'GET /api/news': { body: { data: [], meta: { page: 1, per_page: 10, total: 0, unread: 0 } } } });
    expect(await screen.findByText('No news yet', { selector: 'p' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByTestId('empty')).toHaveTextContent('News about the programmes');
  });

  it('shows an error with a retry when the list fails', async () => {
    const user = userEvent.setup();
    let fail = true;
    startScreen('/news', { 'GET /api/news': () => (fail ? serverError : { body: fixtures.news }) });
    const error = await screen.findByTestId('error', {}, { timeout: 20_000 });
    fail = false;
    await user.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await newsItems()).toHaveLength(3);
  });
});

describe('news article', () => {
  it('shows the whole article and refreshes the badge once it is read', async () => {
    const { callsTo } = startScreen('/news/14');
    const article = await screen.findByTestId('news-article', {}, { timeout: 20_000 });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payouts on 24 and 25 December');
    expect(within(article).getByTestId('news-body').textContent).toBe(fixtures.newsArticle.data.body);
    expect(screen.getByRole('link', { name: 'All news' })).toHaveAttribute('href', '/news');
    await waitFor(() => expect(callsTo('/messages/unread').length).toBeGreaterThanOrEqual(2));
  });

  it('says when the article is not available to the partner', async () => {
    startScreen('/news/99', { 'GET /api/news/99': { status: 404, body: { code: 'not_found', message: 'Nothing was found here.' } } });
    expect(await screen.findByText('This news item is not available', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'All news' }).length).toBeGreaterThan(0);
  });
});

describe('notifications', () => {
  it('opening them marks them read once: the badge drops and the new ones stay highlighted', async () => {
    let unread = { news: 2, notifications: 2 };
    const { callsTo } = startScreen('/notifications', {
      'GET /api/messages/unread': () => ({ body: unread }),
      'POST /api/messages/read': () => {
        unread = { news: 2, notifications: 0 };
        return { body: { success: true, marked: 2, unread } };
      },
    });
    const items = await notificationItems();
    expect(items).toHaveLength(3);
    expect(items.map((i) => i.getAttribute('data-unread'))).toEqual(['true', 'true', 'false']);
    expect(items[0]).toHaveTextContent('For you');
    expect(items[1]).toHaveTextContent('For all partners');
    await waitFor(() => expect(callsTo('/messages/read')).toHaveLength(1));
    expect(callsTo('/messages/read')[0]!.body).toBe('');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument());
    expect(badge('notifications-badge')).toHaveClass('MuiBadge-invisible');
    expect(screen.getByRole('link', { name: 'News, 2 unread' })).toBeInTheDocument();
    // Still highlighted for this visit.
    expect(screen.getAllByTestId('notification-item').map((i) => i.getAttribute('data-unread'))).toEqual(['true', 'true', 'false']);
    expect(callsTo('/messages/read')).toHaveLength(1);
  });

  it('does not post when everything is read already, and says when there is nothing', async () => {
    const { callsTo } = startScreen('/notifications', {
      'GET /api/notifications': { body: { data: [], meta: { page: 1, per_page: 20, total: 0, unread: 0 } } },
    });
    expect(await screen.findByText('No notifications yet', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(callsTo('/messages/read')).toHaveLength(0);
  });

  it('shows a failure with a retry', async () => {
    startScreen('/notifications', { 'GET /api/notifications': serverError });
    expect(await screen.findByTestId('error', {}, { timeout: 20_000 })).toBeInTheDocument();
  });
});

describe('top bar and user bar', () => {
  it('badges count the unread news and notifications; the user bar links the latest news with its date', async () => {
    startScreen('/dashboard');
    const latest = await screen.findByTestId('latest-news', {}, { timeout: 20_000 });
    expect(latest).toHaveTextContent('Payouts on 24 and 25 December');
    expect(latest).toHaveAttribute('href', '/news/14');
    expect(screen.getByTestId('user-bar')).toHaveTextContent(formatDate(fixtures.news.data[0]!.published_at));
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(badge('notifications-badge')).toHaveTextContent('2');
    expect(badge('news-badge')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: 'More news' })).toHaveAttribute('href', '/news');
  });

  it('the user bar says there is no news when there is none', async () => {
    startScreen('/dashboard', { 'GET /api/news': { body: { data: [], meta: { page: 1, per_page: 1, total: 0, unread: 0 } } } });
    await waitFor(() => expect(screen.getByTestId('user-bar')).toHaveTextContent('No news yet'), { timeout: 20_000 });
    expect(screen.queryByTestId('latest-news')).not.toBeInTheDocument();
  });
});

describe('news in Arabic', () => {
  it('renders right-to-left, an English text marked as such', async () => {
    await changeLanguage('ar');
    const [first, ...rest] = fixtures.news.data;
    const { callsTo } = startScreen('/news', { 'GET /api/news': { body: { ...fixtures.news, data: [{ ...first!, fallback: true }, ...rest] } } });
    const [item] = await newsItems();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(arNav.pages.news);
    expect(within(item!).getByTestId('fallback')).toBeInTheDocument();
    expect(callsTo('/news')[0]!.headers['x-localization']).toBe('ar');
  });
});
