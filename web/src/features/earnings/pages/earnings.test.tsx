import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fixtures, startScreen } from '../../../test/screens.tsx';
import { formatMoney, formatNumber } from '../../../lib/format.ts';

describe('earnings', () => {
  it("shows today's figures, the gold status, the table and the month table", async () => {
    const { callsTo } = startScreen('/app/fd1/earnings?period=30d');
    // The file's first test also waits for the page's chunks (data grid, charts) to load, which a busy machine makes
    // slow; so does the whole test (a minute at most).
    await waitFor(
      () =>
        expect(screen.getByTestId('today-total-value')).toHaveTextContent(
          formatMoney(fixtures.earningsToday.total),
        ),
      { timeout: 20_000 },
    );
    expect(await screen.findByTestId('gold-level')).toHaveTextContent('Level 4: Manager');
    expect(screen.getByTestId('gold-coins')).toHaveTextContent(formatNumber(fixtures.goldStatus.coins));
    expect(screen.getByTestId('gold-hint')).toHaveTextContent(
      'Levels change at the start of the month: wait until December 1, 2026.',
    );
    expect(await screen.findByTestId('earnings-total')).toHaveTextContent(
      formatMoney(fixtures.earningsStat.totals.total),
    );
    expect(await screen.findByText('November 2026')).toBeInTheDocument();
    // The call takes dates: the period becomes the 30 days ending today.
    const query = callsTo('/earnings/stat')[0]!.query;
    expect(query.app).toBe('fd1');
    expect((Date.parse(query.date_to!) - Date.parse(query.date_from!)) / 86_400_000).toBe(29);
  }, 60_000);
});

describe('Gold partners', () => {
  it('lists the levels from the product settings, marks the partner, and says how coins move', async () => {
    startScreen('/app/fd1/gold');
    const table = await screen.findByTestId('gold-levels');
    const levels = fixtures.productSettings.gold.levels;
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(levels.length);
    expect(rows[6]).toHaveTextContent('Level 6: Magnate');
    expect(rows[6]).toHaveTextContent('25%');
    expect(rows[6]).toHaveTextContent(`at least ${formatMoney(levels[6]!.efficiency_to_reach!)}`);
    expect(rows[1]).toHaveTextContent(`more than ${formatMoney(0)}`);
    await waitFor(() => expect(within(rows[4]!).getByText('You are here')).toBeInTheDocument());
    const rules = screen.getByTestId('gold-rules');
    expect(rules).toHaveTextContent(`previous ${fixtures.productSettings.gold.coin_average_days * 24} hours`);
    expect(rules).toHaveTextContent(`at least ${fixtures.productSettings.gold.top_level_keep_coins} coins`);
  });

  it('follows the settings when the operator changes a level', async () => {
    const settings = structuredClone(fixtures.productSettings);
    settings.gold.levels[2]!.coins_to_reach = 25;
    startScreen('/app/fd1/gold', { 'GET /api/product/settings': { body: settings } });
    const table = await screen.findByTestId('gold-levels');
    expect(within(table).getAllByRole('row')[3]).toHaveTextContent('25');
  });
});
