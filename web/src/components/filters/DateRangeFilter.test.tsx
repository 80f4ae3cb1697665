import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { addDaysToDay, dayKey } from '@pc/core/rules/time';
import { renderWithProviders } from '../../test/utils.tsx';
import { DateRangeFilter, GroupingToggle } from './DateRangeFilter.tsx';
import { useGrouping, useRangeFilter } from './range.ts';

let location = '';
let go: (delta: number) => void = () => undefined;

function Screen() {
  const range = useRangeFilter('30d');
  const [grouping, setGrouping] = useGrouping();
  const here = useLocation();
  const navigate = useNavigate();
  location = `${here.pathname}${here.search}`;
  go = (delta) => void navigate(delta);
  return (
    <>
      <DateRangeFilter state={range} />
      <GroupingToggle value={grouping} onChange={setGrouping} />
      <output data-testid="query">{JSON.stringify({ ...range.query, grouping })}</output>
    </>
  );
}

const start = (url: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[url]}>
      <Screen />
    </MemoryRouter>,
  );
const query = () => JSON.parse(screen.getByTestId('query').textContent!) as Record<string, string>;

describe('DateRangeFilter', () => {
  it('reads the view from the URL, so a shared link shows the same figures', () => {
    start('/app/fd1/statistics/detailed?period=week&group=month');
    expect(query()).toEqual({ period: 'week', grouping: 'month' });
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveTextContent('This week');
    expect(screen.getByRole('button', { name: 'Months' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('writes presets, custom ranges and the grouping to the URL; back and forward step through them', async () => {
    const user = userEvent.setup();
    start('/s');
    expect(query()).toEqual({ period: '30d', grouping: 'day' });

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Last 7 days' }));
    expect(location).toBe('/s?period=7d');
    expect(query()).toEqual({ period: '7d', grouping: 'day' });

    await user.click(screen.getByRole('button', { name: 'Weeks' }));
    expect(location).toBe('/s?period=7d&group=week');

    const today = dayKey(new Date());
    const from = addDaysToDay(today, -10);
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Custom range' }));
    fireEvent.change(screen.getByTestId('range-from'), { target: { value: from } });
    expect(location).toBe(`/s?group=week&from=${from}&to=${today}`);
    expect(query()).toEqual({ date_from: from, date_to: today, grouping: 'week' });

    go(-1);
    await waitFor(() => expect(query()).toEqual({ period: '7d', grouping: 'week' }));
    go(1);
    await waitFor(() => expect(query()).toEqual({ date_from: from, date_to: today, grouping: 'week' }));
  });

  it('refuses a range that ends before it starts, and changes nothing', async () => {
    start('/s?from=2026-11-01&to=2026-11-10');
    const before = location;
    fireEvent.change(screen.getByTestId('range-to'), { target: { value: '2026-10-01' } });
    expect(await screen.findByText('The start date must not be after the end date')).toBeInTheDocument();
    expect(location).toBe(before);
  });

  it('ignores a malformed URL value and shows the default', () => {
    start('/s?period=forever&group=year&from=2026-13-45');
    expect(query()).toEqual({ period: '30d', grouping: 'day' });
  });
});
