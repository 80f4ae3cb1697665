import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fixtures, startScreen } from '../../../test/screens.tsx';
import { formatDay, formatMoney, formatNumber } from '../../../lib/format.ts';
import { tagsAnswer, type TagsAnswer } from '@pc/core/contracts/tags';
import { detailedCountriesAnswer, detailedTagAnswer, detailedTodayAnswer, videoRow, videosStatAnswer } from '@pc/core/contracts/statistics';

const tagFigures = { hits: 0, downloads: 0, counted_downloads: 0, sales: 1, rebills: 0, refunds: 0, earned_micro: 6_000_000 };
/** The period's tags as the tags call answers: by earnings, "no tag" among them. */
const periodTags: TagsAnswer = tagsAnswer.parse({
  data: [
    { sub_id: 'tg.2', ...tagFigures, earned_micro: 9_000_000 },
    { sub_id: '', ...tagFigures },
    { sub_id: 'forum-x', ...tagFigures, earned_micro: 3_000_000 },
  ],
  meta: { page: 1, per_page: 200, total: 3 },
  totals: { ...tagFigures, sales: 3, earned_micro: 18_000_000 },
  range: { from: '2026-10-22', to: '2026-11-20' },
});

/** Chooses an option of the Tag filter (once a dialog that hid the page from the accessibility tree has closed). */
async function pickTag(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('combobox', { name: 'Tag' }));
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
}
const tagOfUrl = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search).get('tag');

const gridRows = () =>
  screen
    .getAllByRole('row')
    .filter((row) => row.closest('.MuiDataGrid-root') && row.getAttribute('data-rowindex') !== null);

describe('detailed statistics', () => {
  it("shows today's block and the table; a day opens its country groups", async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/app/fd1/statistics/detailed');
    // The file's first test also waits for the page's chunks (the data grid) to load, which a busy machine makes slow;
    // so does the whole test (a minute at most).
    await waitFor(
      () =>
        expect(screen.getByTestId('today-downloads-value')).toHaveTextContent(
          formatNumber(fixtures.detailedToday.downloads),
        ),
      { timeout: 20_000 },
    );
    expect(screen.getByTestId('today-total-value')).toHaveTextContent(
      formatMoney(fixtures.detailedToday.total),
    );
    const first = fixtures.detailedBase.data[0]!;
    await waitFor(() => expect(gridRows().length).toBe(fixtures.detailedBase.data.length));
    expect(gridRows()[0]).toHaveTextContent(formatMoney(first.per_1000));
    await user.click(within(gridRows()[0]!).getByText(formatMoney(first.per_1000)));
    const dialog = await screen.findByTestId('countries-dialog');
    await waitFor(() => expect(within(dialog).getByText('Group A')).toBeInTheDocument());
    expect(within(dialog).getByText('R (Russia)')).toBeInTheDocument();
    expect(callsTo('/statistics/detailed/countries')[0]!.query).toEqual({ app: 'fd1', date: first.date });
  }, 60_000);

  it('shows counted / all downloads, and the reasons the others did not count on demand, without opening the day', async () => {
    const user = userEvent.setup();
    startScreen('/app/fd1/statistics/detailed');
    const today = fixtures.detailedToday;
    const todayButton = await screen.findByTestId('today-downloads-breakdown', {}, { timeout: 20_000 });
    expect(todayButton).toHaveTextContent(`${formatNumber(today.counted_downloads)} / ${formatNumber(today.downloads)}`);
    expect(todayButton).toHaveAccessibleName(
      `${formatNumber(today.counted_downloads)} of ${formatNumber(today.downloads)} downloads counted. Show why the others did not`,
    );

    const first = fixtures.detailedBase.data[0]!;
    await waitFor(() => expect(gridRows().length).toBe(fixtures.detailedBase.data.length));
    await user.click(within(gridRows()[0]!).getByTestId(`downloads-${first.date}`));
    const popover = await screen.findByRole('dialog', { name: 'Downloads that did not count' });
    expect(within(popover).getByText('All downloads').nextSibling).toHaveTextContent(formatNumber(first.downloads));
    expect(within(popover).getByText('Counted for pay').nextSibling).toHaveTextContent(formatNumber(first.counted_downloads));
    // Every reason with downloads is listed with its count, and the counts add up to all downloads.
    const reasons = Object.entries(first.not_counted).filter(([, n]) => n > 0);
    for (const [reason, n] of reasons) expect(within(popover).getByTestId(`reason-${reason}`)).toHaveTextContent(formatNumber(n));
    expect(within(popover).queryByTestId('reason-pps_plan')).toBeNull();
    expect(within(popover).getByText('Repeat by the same downloader that day')).toBeInTheDocument();
    expect(first.counted_downloads + reasons.reduce((sum, [, n]) => sum + n, 0)).toBe(first.downloads);
    expect(within(popover).getByRole('link', { name: 'Why downloads do not count' })).toHaveAttribute('href', '/faq#stats-not-counted');
    // The click stayed in the cell: the day's country groups did not open.
    expect(screen.queryByTestId('countries-dialog')).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Downloads that did not count' })).toBeNull());
  }, 60_000);

  it('says every download counted when none was left out', async () => {
    const user = userEvent.setup();
    const zero = { refused: 0, repeat: 0, file_unavailable: 0, small_file: 0, pps_plan: 0, unpaid_group: 0 };
    startScreen('/app/fd1/statistics/detailed', {
      'GET /api/statistics/detailed/today': { body: { ...fixtures.detailedToday, downloads: 5, counted_downloads: 5, not_counted: zero } },
    });
    await user.click(await screen.findByTestId('today-downloads-breakdown', {}, { timeout: 20_000 }));
    expect(await screen.findByText('Every download counted.')).toBeInTheDocument();
  }, 60_000);

  it('asks for the grouping and the period in the URL, and sends them to the call', async () => {
    const { callsTo } = startScreen('/app/fd1/statistics/detailed?period=7d&group=week');
    await waitFor(() => expect(callsTo('/statistics/detailed/base').length).toBeGreaterThan(0));
    expect(callsTo('/statistics/detailed/base')[0]!.query).toMatchObject({
      app: 'fd1',
      period: '7d',
      grouping: 'week',
      page: '1',
      per_page: '25',
      sort_key: 'date',
      sort_dir: 'desc',
    });
    expect(
      await screen.findByText('Group by days to see a day’s figures per country group.'.replace('’', "'")),
    ).toBeInTheDocument();
  });
});

describe('detailed statistics filtered by tag', () => {
  const tagDay = (date: string, earned: number) => ({ date, hits: 2, downloads: 3, counted_downloads: 2, sales: 1, rebills: 1, refunds: 0, earned_micro: earned });
  /** The tag's days as the call answers under a tag (the tags screen's figures; its answer names the tag). */
  const tagAnswerOf = (subId: string) =>
    detailedTagAnswer.parse({
      sub_id: subId,
      data: [tagDay('2026-11-19', 6_017_500), tagDay('2026-11-18', 8_750)],
      meta: { page: 1, per_page: 25, total: 2 },
      totals: { ...tagDay('2026-11-18', 6_026_250), hits: 4, downloads: 6, counted_downloads: 4, sales: 2, rebills: 2 },
      range: { from: '2026-10-22', to: '2026-11-20' },
    });
  const tagTodayOf = (subId: string) => detailedTodayAnswer.parse({ sub_id: subId, ...tagDay('2026-11-20', 1_234_560) });
  const tagged = {
    'GET /api/statistics/tags': { body: periodTags },
    'GET /api/statistics/detailed/base': (call: { query: Record<string, string> }) => ({ body: call.query.sub_id === undefined ? fixtures.detailedBase : tagAnswerOf(call.query.sub_id) }),
    'GET /api/statistics/detailed/today': (call: { query: Record<string, string> }) => ({ body: call.query.sub_id === undefined ? fixtures.detailedToday : tagTodayOf(call.query.sub_id) }),
  };

  it("shows only the tag's figures, the columns the tag rollup keeps, and says what it does not keep", async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/app/fd1/statistics/detailed?tag=forum-x&group=week', tagged);
    await waitFor(() => expect(gridRows()).toHaveLength(2), { timeout: 20_000 });
    expect(callsTo('/statistics/detailed/base').at(-1)!.query).toMatchObject({ app: 'fd1', sub_id: 'forum-x', grouping: 'week' });
    expect(callsTo('/statistics/detailed/today').at(-1)!.query).toEqual({ app: 'fd1', sub_id: 'forum-x' });
    expect(screen.getByTestId('tag-figures-note')).toHaveTextContent(
      "A day's country groups show download and sales earnings apart. The Gold bonus and file copies are not kept per tag.",
    );
    expect(screen.getByTestId('tag-figures-note')).not.toHaveTextContent('country group, download');
    expect(gridRows()[0]).toHaveTextContent(formatMoney(6_017_500));
    expect(gridRows()[1]).toHaveTextContent(formatMoney(8_750));
    // The tags screen's figures, and none of the columns the tag rollup cannot give.
    const grid = screen.getByRole('grid', { name: 'Detailed statistics' });
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Hits', 'Downloads', 'Counted downloads', 'Sales', 'Rebills', 'Earnings']);
    await waitFor(() => expect(screen.getByTestId('today-earned-value')).toHaveTextContent(formatMoney(1_234_560)));
    expect(screen.getByTestId('today-counted-value')).toHaveTextContent('2');
    // Grouped by weeks, a row is no day and opens no country groups; the screen says to group by days.
    expect(screen.getByText("Group by days to see a day's figures per country group.")).toBeInTheDocument();
    await user.click(within(gridRows()[0]!).getByText(formatMoney(6_017_500)));
    expect(screen.queryByTestId('countries-dialog')).toBeNull();
    expect(callsTo('/statistics/detailed/countries')).toHaveLength(0);
    // Sorting by the earnings asks the call for `total`.
    await user.click(within(grid).getByRole('columnheader', { name: /^Earnings/ }));
    await waitFor(() => expect(callsTo('/statistics/detailed/base').at(-1)!.query).toMatchObject({ sub_id: 'forum-x', sort_key: 'total' }));
  }, 60_000);

  it("opens a day's country groups of the tag, asking with its sub_id (\"No tag\" is ''), and shows no other tag's meanwhile", async () => {
    const user = userEvent.setup();
    const notCounted = { refused: 0, repeat: 1, file_unavailable: 0, small_file: 0, pps_plan: 0, unpaid_group: 0 };
    /** A tag's day by country group: the same shape as every figure's, with figures of its own. */
    const countriesOf = (date: string, group: 'C' | 'U', downloads: number, total: number) =>
      detailedCountriesAnswer.parse({
        date,
        data: [{ group, downloads, counted_downloads: downloads - 1, not_counted: notCounted, sum: 17_500, sales_count: 1, sales: total - 17_500, total, per_1000: 0 }],
      });
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { callsTo } = startScreen('/app/fd1/statistics/detailed?tag=forum-x', {
      ...tagged,
      'GET /api/statistics/detailed/countries': async (call: { query: Record<string, string> }) => {
        if (call.query.sub_id === 'forum-x') return { body: countriesOf(call.query.date!, 'C', 3, 6_017_500) };
        if (call.query.sub_id === '') {
          await gate;
          return { body: countriesOf(call.query.date!, 'U', 11, 4_321_000) };
        }
        return { body: fixtures.detailedCountries };
      },
    });
    await waitFor(() => expect(gridRows()).toHaveLength(2), { timeout: 20_000 });
    expect(screen.getByText("Click a day to see its figures per country group.")).toBeInTheDocument();
    // The tag's day opens its own country groups: the call names the tag, and the dialog shows the answer's figures.
    await user.click(within(gridRows()[0]!).getByText(formatMoney(6_017_500)));
    let dialog = await screen.findByTestId('countries-dialog');
    await waitFor(() => expect(within(dialog).getByText('Group C')).toBeInTheDocument());
    expect(callsTo('/statistics/detailed/countries').at(-1)!.query).toEqual({ app: 'fd1', date: '2026-11-19', sub_id: 'forum-x' });
    expect(within(dialog).getByTestId('downloads-C')).toHaveTextContent(`${formatNumber(2)} / ${formatNumber(3)}`);
    expect(within(dialog).getByText(formatMoney(6_000_000))).toBeInTheDocument();
    expect(within(dialog).getByText(formatMoney(6_017_500))).toBeInTheDocument();
    expect(within(dialog).queryByText('Group A')).toBeNull();
    expect(screen.getByRole('heading', { name: `Country groups on ${formatDay('2026-11-19', undefined, 'long')}` })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('countries-dialog')).toBeNull());

    // Under "No tag", the call asks with sub_id=''; while its answer loads, the other tag's groups are not shown.
    await pickTag(user, 'No tag');
    await waitFor(() => expect(callsTo('/statistics/detailed/base').at(-1)!.query.sub_id).toBe(''));
    await waitFor(() => expect(gridRows()).toHaveLength(2));
    await user.click(within(gridRows()[1]!).getByText(formatMoney(8_750)));
    dialog = await screen.findByTestId('countries-dialog');
    await waitFor(() => expect(callsTo('/statistics/detailed/countries').at(-1)!.query).toEqual({ app: 'fd1', date: '2026-11-18', sub_id: '' }));
    expect(within(dialog).queryByText('Group C')).toBeNull();
    expect(within(dialog).queryByText(formatMoney(6_017_500))).toBeNull();
    release();
    await waitFor(() => expect(within(dialog).getByText('U (Ukraine)')).toBeInTheDocument());
    expect(within(dialog).getByTestId('downloads-U')).toHaveTextContent(`${formatNumber(10)} / ${formatNumber(11)}`);
    expect(within(dialog).getByText(formatMoney(4_321_000))).toBeInTheDocument();
    expect(callsTo('/statistics/detailed/countries').every((c) => c.query.sub_id !== undefined)).toBe(true);
  }, 60_000);

  it("never shows other figures while a tag's figures load: neither every tag's nor another tag's; \"No tag\" is ''", async () => {
    const user = userEvent.setup();
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { callsTo, router } = startScreen('/app/fd1/statistics/detailed', {
      ...tagged,
      'GET /api/statistics/detailed/base': async (call: { query: Record<string, string> }) => {
        if (call.query.sub_id === undefined) return { body: fixtures.detailedBase };
        if (call.query.sub_id === '') await gate;
        return { body: tagAnswerOf(call.query.sub_id) };
      },
    });
    await waitFor(() => expect(gridRows()).toHaveLength(fixtures.detailedBase.data.length), { timeout: 20_000 });
    const pick = async (name: string) => {
      await user.click(screen.getByRole('combobox', { name: 'Tag' }));
      await user.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
    };
    // From every figure to a tag: only the tag's rows.
    await pick('forum-x');
    await waitFor(() => expect(gridRows()).toHaveLength(2));
    expect(screen.queryByText(formatMoney(fixtures.detailedBase.data[0]!.per_1000))).toBeNull();
    // From a tag to "No tag", whose answer is slow: the other tag's rows do not stay on screen meanwhile.
    await pick('No tag');
    await waitFor(() => expect(callsTo('/statistics/detailed/base').at(-1)!.query.sub_id).toBe(''));
    expect(new URLSearchParams(router.state.location.search).get('tag')).toBe('~');
    await waitFor(() => expect(gridRows()).toHaveLength(0));
    expect(screen.queryByText(formatMoney(6_017_500))).toBeNull();
    release();
    await waitFor(() => expect(gridRows()).toHaveLength(2));
    expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveTextContent('No tag');
  }, 60_000);
});

describe('sources', () => {
  it('lists domains with totals, names direct visits, and opens the pages of a domain', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/app/fd1/statistics/sources');
    await waitFor(() =>
      expect(screen.getByTestId('total-hits-value')).toHaveTextContent(
        formatNumber(fixtures.sourcesBase.totals.hits),
      ),
    );
    await waitFor(() => expect(gridRows().length).toBeGreaterThan(0));
    expect(await screen.findByText('Direct visits (no referring site)')).toBeInTheDocument();
    await user.click(screen.getByText('google.com'));
    const dialog = await screen.findByRole('dialog', { name: 'Pages of google.com' });
    expect(await within(dialog).findByText(fixtures.sourcesDetails.data[0]!.url)).toBeInTheDocument();
    expect(callsTo('/statistics/sources/details')[0]!.query).toMatchObject({
      app: 'fd1',
      domain: 'google.com',
    });
  });

  it('searches by domain through the URL', async () => {
    const user = userEvent.setup();
    const { callsTo, router } = startScreen('/app/fd1/statistics/sources');
    await user.type(await screen.findByTestId('domain-search'), 'google{Enter}');
    await waitFor(() => expect(callsTo('/statistics/sources/base').at(-1)!.query.search).toBe('google'));
    expect(router.state.location.search).toBe('?q=google');
  });

  it("filters the domains and a domain's pages by sub-ID tag; \"No tag\" is ''", async () => {
    const user = userEvent.setup();
    const { callsTo, router } = startScreen('/app/fd1/statistics/sources?period=7d', { 'GET /api/statistics/tags': { body: periodTags } });
    await waitFor(() => expect(gridRows().length).toBeGreaterThan(0), { timeout: 20_000 });
    expect(callsTo('/statistics/sources/base').at(-1)!.query).not.toHaveProperty('sub_id');
    // The tags offered are the screen's period's.
    await waitFor(() => expect(callsTo('/statistics/tags').at(-1)!.query).toMatchObject({ app: 'fd1', period: '7d' }));
    await pickTag(user, 'forum-x');
    await waitFor(() => expect(callsTo('/statistics/sources/base').at(-1)!.query).toMatchObject({ period: '7d', sub_id: 'forum-x' }));
    expect(tagOfUrl(router)).toBe('forum-x');
    // A domain's pages are the tag's too.
    await user.click(await screen.findByText('google.com'));
    const dialog = await screen.findByRole('dialog', { name: 'Pages of google.com' });
    expect(await within(dialog).findByText(fixtures.sourcesDetails.data[0]!.url)).toBeInTheDocument();
    expect(callsTo('/statistics/sources/details').at(-1)!.query).toMatchObject({ app: 'fd1', domain: 'google.com', sub_id: 'forum-x' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pages of google.com' })).toBeNull());

    await pickTag(user, 'No tag');
    await waitFor(() => expect(callsTo('/statistics/sources/base').at(-1)!.query.sub_id).toBe(''));
    expect(tagOfUrl(router)).toBe('~');
    await user.click(await screen.findByText('google.com'));
    await screen.findByRole('dialog', { name: 'Pages of google.com' });
    await waitFor(() => expect(callsTo('/statistics/sources/details').at(-1)!.query.sub_id).toBe(''));
  }, 60_000);
});

describe('sales', () => {
  it('shows each sale with the masked buyer, source, revenue type and status', async () => {
    startScreen('/app/fd1/statistics/sales');
    const sale = fixtures.sales.data[0]!;
    expect((await screen.findAllByText(sale.email)).length).toBeGreaterThan(0);
    const row = gridRows()[0]!;
    expect(row).toHaveTextContent(sale.file!.name);
    expect(row).toHaveTextContent('Direct sale');
    expect(row).toHaveTextContent('Confirmed');
    expect(row).toHaveTextContent(formatMoney(sale.file_sales));
    // Still inside its hold: the day its earnings become available.
    expect(sale.on_hold_until).not.toBeNull();
    expect(row).toHaveTextContent(formatDay(sale.on_hold_until!));
    expect(screen.getByRole('columnheader', { name: 'Available from' })).toBeInTheDocument();
  });

  it('filters by status', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/app/fd1/statistics/sales');
    await screen.findAllByText(fixtures.sales.data[0]!.email);
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Refunded' }));
    await waitFor(() => expect(callsTo('/statistics/sales').at(-1)!.query.status).toBe('refund'));
  });

  it("filters by sub-ID tag: every tag, no tag, or one of the period's, kept in the URL", async () => {
    const user = userEvent.setup();
    const { callsTo, router } = startScreen('/app/fd1/statistics/sales?period=7d', { 'GET /api/statistics/tags': { body: periodTags } });
    await screen.findAllByText(fixtures.sales.data[0]!.email, {}, { timeout: 20_000 });
    expect(callsTo('/statistics/sales').at(-1)!.query).not.toHaveProperty('sub_id');
    // The tags offered are the period's.
    await waitFor(() => expect(callsTo('/statistics/tags').at(-1)!.query).toMatchObject({ app: 'fd1', period: '7d' }));
    const select = screen.getByRole('combobox', { name: 'Tag' });
    expect(select).toHaveTextContent('All tags');
    await user.click(select);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['All tags', 'No tag', 'forum-x', 'tg.2']);
    await user.click(options[2]!);
    await waitFor(() => expect(callsTo('/statistics/sales').at(-1)!.query.sub_id).toBe('forum-x'));
    expect(new URLSearchParams(router.state.location.search).get('tag')).toBe('forum-x');
    expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveTextContent('forum-x');

    await user.click(screen.getByRole('combobox', { name: 'Tag' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'No tag' }));
    // "No tag" is '' in the call and NO_TAG_PARAM (~) in the URL.
    await waitFor(() => expect(callsTo('/statistics/sales').at(-1)!.query.sub_id).toBe(''));
    expect(new URLSearchParams(router.state.location.search).get('tag')).toBe('~');

    await user.click(screen.getByRole('combobox', { name: 'Tag' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'All tags' }));
    await waitFor(() => expect(callsTo('/statistics/sales').at(-1)!.query).not.toHaveProperty('sub_id'));
    expect(new URLSearchParams(router.state.location.search).has('tag')).toBe(false);
  }, 60_000);

  it('opens filtered by the tag the URL names, also one the period has no figures of', async () => {
    const { callsTo } = startScreen('/app/fd1/statistics/sales?tag=old-forum', { 'GET /api/statistics/tags': { body: periodTags } });
    await screen.findAllByText(fixtures.sales.data[0]!.email, {}, { timeout: 20_000 });
    expect(callsTo('/statistics/sales')[0]!.query.sub_id).toBe('old-forum');
    expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveTextContent('old-forum');
  }, 60_000);
});

describe('files and file copies', () => {
  it('shows the files, the folder filter and the tips with the thresholds of the settings', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/app/fd1/statistics/files');
    expect(await screen.findByText(fixtures.files.data[0]!.name)).toBeInTheDocument();
    // Today's downloads of a file: counted / all, the reasons on demand.
    const file = fixtures.files.data.find((f) => f.downloads_today > 0)!;
    const cell = await screen.findByTestId(`downloads-today-${file.id}`);
    expect(cell).toHaveTextContent(`${formatNumber(file.counted_today)} / ${formatNumber(file.downloads_today)}`);
    await user.click(cell);
    const popover = await screen.findByRole('dialog', { name: 'Downloads that did not count' });
    expect(within(popover).getByTestId('reason-repeat')).toHaveTextContent(formatNumber(file.not_counted_today.repeat));
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('switch', { name: 'Show tips' }));
    const legend = await screen.findByTestId('hint-legend');
    const hints = fixtures.productSettings.file_hints;
    expect(legend).toHaveTextContent(`uploaded less than ${hints.new_days} days ago`);
    expect(legend).toHaveTextContent(`more than ${hints.popular_downloads_over} downloads`);
    expect(legend).toHaveTextContent(`no download for ${hints.unused_days} days`);
    expect(screen.getAllByTestId('hint-plus').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('combobox', { name: 'Folder' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Inbox' }));
    await waitFor(() => expect(callsTo('/statistics/files').at(-1)!.query).toMatchObject({ inbox: 'true' }));
  });

  it('shows the copies from their own call, and an empty state when there are none', async () => {
    startScreen('/app/fd1/statistics/files-copies', {
      'GET /api/statistics/files-copies': {
        body: { data: [], meta: { page: 1, per_page: 25, total: 0 }, folders: [] },
      },
    });
    expect(await screen.findByText('No copies of your files yet')).toBeInTheDocument();
  });

  it("filters the files by sub-ID tag, offering the last year's tags; \"No tag\" is '', and the tips say why they are not shown", async () => {
    const user = userEvent.setup();
    const { callsTo, router } = startScreen('/app/fd1/statistics/files', { 'GET /api/statistics/tags': { body: periodTags } });
    expect(await screen.findByText(fixtures.files.data[0]!.name, {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(callsTo('/statistics/files').at(-1)!.query).not.toHaveProperty('sub_id');
    // The screen has no period: the tags offered are the last year's.
    await waitFor(() => expect(callsTo('/statistics/tags').at(-1)!.query).toMatchObject({ app: 'fd1', period: 'year' }));
    await pickTag(user, 'forum-x');
    await waitFor(() => expect(callsTo('/statistics/files').at(-1)!.query.sub_id).toBe('forum-x'));
    expect(tagOfUrl(router)).toBe('forum-x');
    // The calls answer no hints under a tag: the tips say so.
    await user.click(screen.getByRole('switch', { name: 'Show tips' }));
    expect(await screen.findByTestId('hints-not-per-tag')).toHaveTextContent('Tips are not shown when filtered by tag');

    await pickTag(user, 'No tag');
    await waitFor(() => expect(callsTo('/statistics/files').at(-1)!.query.sub_id).toBe(''));
    expect(tagOfUrl(router)).toBe('~');
    await pickTag(user, 'All tags');
    await waitFor(() => expect(callsTo('/statistics/files').at(-1)!.query).not.toHaveProperty('sub_id'));
    expect(screen.queryByTestId('hints-not-per-tag')).toBeNull();
  }, 60_000);

  it('filters the copies by the tag the URL names, and by another one chosen', async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/app/fd1/statistics/files-copies?tag=~', { 'GET /api/statistics/tags': { body: periodTags } });
    await waitFor(() => expect(callsTo('/statistics/files-copies').length).toBeGreaterThan(0), { timeout: 20_000 });
    expect(callsTo('/statistics/files-copies')[0]!.query.sub_id).toBe('');
    expect(callsTo('/statistics/files')).toHaveLength(0);
    expect(await screen.findByRole('combobox', { name: 'Tag' })).toHaveTextContent('No tag');
    await pickTag(user, 'tg.2');
    await waitFor(() => expect(callsTo('/statistics/files-copies').at(-1)!.query.sub_id).toBe('tg.2'));
  }, 60_000);
});

describe('videos', () => {
  it("shows today's views and the table, per player type", async () => {
    const user = userEvent.setup();
    const { callsTo } = startScreen('/app/fd1/videos');
    await waitFor(() =>
      expect(screen.getByTestId('today-views-value')).toHaveTextContent(
        formatNumber(fixtures.videosToday.views),
      ),
    );
    await waitFor(() =>
      expect(gridRows()[0]).toHaveTextContent(formatMoney(fixtures.videosStat.data[0]!.sum)),
    );
    await user.click(screen.getByRole('combobox', { name: 'Player' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Embedded' }));
    await waitFor(() => expect(callsTo('/videos/stat').at(-1)!.query.player_type).toBe('embed'));
    expect(callsTo('/videos/today').at(-1)!.query.player_type).toBe('embed');
  });

  /** Under a tag the calls answer no distinct viewers nor video files: they are not kept per tag. */
  const notPerTag = { video_files: null, unique_viewers: null, embed_viewers: null };
  const tagged = {
    'GET /api/statistics/tags': { body: periodTags },
    'GET /api/videos/stat': (call: { query: Record<string, string> }) => ({
      body:
        call.query.sub_id === undefined
          ? fixtures.videosStat
          : videosStatAnswer.parse({ ...fixtures.videosStat, data: fixtures.videosStat.data.map((row) => ({ ...row, ...notPerTag, views: 7 })) }),
    }),
    'GET /api/videos/today': (call: { query: Record<string, string> }) => ({
      body: call.query.sub_id === undefined ? fixtures.videosToday : videoRow.parse({ ...fixtures.videosToday, ...notPerTag, views: 3 }),
    }),
  };
  const headers = () => within(screen.getByRole('grid', { name: 'Video statistics' })).getAllByRole('columnheader').map((h) => h.textContent);

  it("filters by sub-ID tag, and under a tag shows neither distinct viewers nor video files, and says they are not kept per tag", async () => {
    const user = userEvent.setup();
    const { callsTo, router } = startScreen('/app/fd1/videos?period=7d', tagged);
    await waitFor(() => expect(gridRows()[0]).toHaveTextContent(formatMoney(fixtures.videosStat.data[0]!.sum)), { timeout: 20_000 });
    expect(headers()).toEqual(['Date', 'Video files', 'Views', 'Unique viewers', 'Embed viewers', 'Sales', 'Earned']);
    expect(screen.queryByTestId('tag-figures-note')).toBeNull();
    await waitFor(() => expect(callsTo('/statistics/tags').at(-1)!.query).toMatchObject({ app: 'fd1', period: '7d' }));

    await pickTag(user, 'forum-x');
    await waitFor(() => expect(callsTo('/videos/stat').at(-1)!.query).toMatchObject({ period: '7d', sub_id: 'forum-x' }));
    expect(callsTo('/videos/today').at(-1)!.query).toEqual({ app: 'fd1', player_type: 'all', sub_id: 'forum-x' });
    expect(tagOfUrl(router)).toBe('forum-x');
    await waitFor(() => expect(screen.getByTestId('today-views-value')).toHaveTextContent('3'));
    expect(headers()).toEqual(['Date', 'Views', 'Sales', 'Earned']);
    expect(screen.getByTestId('tag-figures-note')).toHaveTextContent(
      'Unique viewers, embed viewers and the number of video files are not kept per tag.',
    );
    // Nowhere else either: not today's cards, not the chart (its table alternative names every series).
    expect(screen.queryByTestId('today-unique-viewers')).toBeNull();
    expect(screen.queryByText('Unique viewers')).toBeNull();
    expect(screen.queryByText('Embed viewers')).toBeNull();

    await pickTag(user, 'No tag');
    await waitFor(() => expect(callsTo('/videos/stat').at(-1)!.query.sub_id).toBe(''));
    expect(callsTo('/videos/today').at(-1)!.query.sub_id).toBe('');
    expect(tagOfUrl(router)).toBe('~');
    expect(headers()).toEqual(['Date', 'Views', 'Sales', 'Earned']);

    await pickTag(user, 'All tags');
    await waitFor(() => expect(callsTo('/videos/stat').at(-1)!.query).not.toHaveProperty('sub_id'));
    await waitFor(() => expect(headers()).toContain('Unique viewers'));
    expect(screen.queryByTestId('tag-figures-note')).toBeNull();
  }, 60_000);
});
