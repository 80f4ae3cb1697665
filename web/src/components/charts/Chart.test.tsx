import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/utils.tsx';
import { Chart } from './Chart.tsx';

const props = {
  type: 'bar' as const,
  title: 'Earnings by month',
  categoryLabel: 'Month',
  categories: ['October 2026', 'November 2026'],
  series: [
    { key: 'fd1', label: 'FD1', data: [1_250_000, 2_500_000] },
    { key: 'fd2', label: 'FD2', data: [0, 10_000] },
  ],
  valueKind: 'money' as const,
  extraColumns: [{ label: 'Files size, GB', values: ['1.5', '2'] }],
};

describe('Chart', () => {
  it('names the chart and carries its figures as a table for screen readers', async () => {
    renderWithProviders(<Chart {...props} />);
    const image = screen.getByRole('img', { name: 'Earnings by month' });
    const table = screen.getByRole('table', { name: 'Earnings by month', hidden: true });
    expect(image).toHaveAttribute('aria-describedby', table.closest('[id]')!.id);
    const rows = within(table).getAllByRole('row', { hidden: true });
    expect(rows.map((r) => r.textContent)).toEqual([
      'MonthFD1FD2Files size, GB',
      'October 2026$1.25$0.001.5',
      'November 2026$2.50$0.012',
    ]);
  });

  it('shows the table instead of the chart when asked', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Chart {...props} />);
    await user.click(screen.getByRole('button', { name: 'Show as table' }));
    expect(screen.queryByRole('img', { name: 'Earnings by month' })).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Earnings by month' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show as chart' }));
    expect(screen.getByRole('img', { name: 'Earnings by month' })).toBeInTheDocument();
  });
});
