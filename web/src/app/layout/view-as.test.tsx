import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fixtures, startScreen } from '../../test/screens.tsx';
import type { CurrentUser } from '../../lib/session.ts';

describe('a read-only view of the cabinet opened by staff', () => {
  it('says so on every page, naming who opened it', async () => {
    startScreen('/dashboard', {}, { ...(fixtures.user as CurrentUser), view_as: { by: 'Ada Admin' } });
    const banner = await screen.findByTestId('view-as-banner', {}, { timeout: 20_000 });
    expect(banner).toHaveTextContent('read-only, opened by Ada Admin');
  });

  it('is not there in the partner’s own session', async () => {
    startScreen('/dashboard');
    await screen.findByTestId('page-title', {}, { timeout: 20_000 });
    expect(screen.queryByTestId('view-as-banner')).toBeNull();
  });
});
