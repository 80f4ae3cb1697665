import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/utils.tsx';
import { PageLayout } from './PageLayout.tsx';

/** The line under the title: the freshness stamp, or the empty line kept for it. */
const lineUnderTitle = () => screen.getByTestId('page-title').nextElementSibling;

describe('page layout', () => {
  it("keeps the freshness stamp's line while the figures load, so that the stamp does not push the page down", () => {
    const { rerender } = renderWithProviders(<PageLayout title="Earnings" breadcrumbs={false} updatedAt={0} />);
    const kept = lineUnderTitle();
    expect(kept).toHaveAttribute('aria-hidden', 'true');
    expect(kept?.textContent).toBe('\u00a0');
    expect(screen.queryByTestId('freshness')).not.toBeInTheDocument();

    rerender(<PageLayout title="Earnings" breadcrumbs={false} updatedAt={Date.now()} />);
    expect(lineUnderTitle()).toBe(screen.getByTestId('freshness'));
    expect(screen.getByTestId('freshness')).toHaveTextContent(/Updated/);
  });

  it('has no such line on a page without a stamp', () => {
    renderWithProviders(<PageLayout title="Settings" breadcrumbs={false} />);
    expect(lineUnderTitle()).toBeNull();
  });
});
