import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StartAnswer } from '@pc/core/contracts/start';
import { fixtures, serverError, startScreen } from '../../../test/screens.tsx';
import { changeLanguage } from '../../../lib/i18n.ts';

const progress = fixtures.startSteps as StartAnswer;
const allDone: StartAnswer = { ...progress, steps: progress.steps.map((s) => ({ ...s, done: true, done_at: '2026-11-19T00:00:00.000Z' })), done: 5, banner: false };

const banner = () => screen.findByTestId('start-banner', {}, { timeout: 20_000 });
/** The dashboard has rendered its figures: whatever the banner does, it has had its answer by then. */
const dashboardShown = () => screen.findByTestId('info-earnings-value', {}, { timeout: 20_000 });

describe('get-started banner on the dashboard', () => {
  it('shows a new partner the progress and leads to the guide', async () => {
    const user = userEvent.setup();
    const { router } = startScreen('/dashboard');
    const section = await banner();
    expect(within(section).getByRole('heading', { name: 'Finish setting up your account' })).toBeInTheDocument();
    expect(screen.getByTestId('start-banner-progress')).toHaveTextContent('2 of 5 steps done');
    expect(within(section).getByRole('progressbar', { name: 'Progress of the get-started steps' })).toHaveAttribute('aria-valuenow', '40');
    await user.click(within(section).getByRole('link', { name: 'Open the guide' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/start'));
    expect(await screen.findByTestId('start-progress', {}, { timeout: 20_000 })).toHaveTextContent('2 of 5 steps done');
  });

  it('is dismissed for good: hidden at once, the choice stored on the server', async () => {
    const user = userEvent.setup();
    let dismissed = false;
    const { callsTo } = startScreen('/dashboard', {
      'GET /api/start': () => ({ body: { ...progress, banner: !dismissed } }),
      'POST /api/start/banner/dismiss': () => {
        dismissed = true;
        return { body: { ...progress, banner: false } };
      },
    });
    const section = await banner();
    await user.click(within(section).getByRole('button', { name: "Don't show again" }));
    await waitFor(() => expect(screen.queryByTestId('start-banner')).not.toBeInTheDocument());
    expect(callsTo('/start/banner/dismiss')).toHaveLength(1);
    expect(dismissed).toBe(true);
  });

  it('comes back when the dismissal could not be stored', async () => {
    const user = userEvent.setup();
    startScreen('/dashboard', { 'POST /api/start/banner/dismiss': serverError });
    await user.click(within(await banner()).getByRole('button', { name: "Don't show again" }));
    // The error dialog says what happened; the banner is still there to dismiss again.
    expect(await screen.findByRole('dialog', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(await banner()).toBeInTheDocument();
  });

  it.each([
    ['every step is done', { body: allDone }],
    ['it was dismissed', { body: { ...progress, banner: false } }],
    ['the progress cannot be read', serverError],
  ] as const)('never shows when %s', async (_case, answer) => {
    const { callsTo, queryClient } = startScreen('/dashboard', { 'GET /api/start': answer });
    await dashboardShown();
    await waitFor(() => expect(callsTo('/start').length).toBeGreaterThan(0));
    // The banner's answer has arrived (or failed) and the dashboard rendered after it.
    await waitFor(() => expect(queryClient.getQueryState(['start', '/start', {}])?.status).not.toBe('pending'));
    await waitFor(() => expect(screen.getByTestId('info-earnings-value')).toBeInTheDocument());
    expect(screen.queryByTestId('start-banner')).not.toBeInTheDocument();
    // A failed read is not worth a dialog: the banner is only a hint.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    await changeLanguage('ar');
    try {
      startScreen('/dashboard');
      const section = await banner();
      expect(within(section).getByRole('heading', { name: 'أكمل إعداد حسابك' })).toBeInTheDocument();
      expect(screen.getByTestId('start-banner-progress')).toHaveTextContent('الخطوات المكتملة: 2 من 5');
      expect(within(section).getByRole('link', { name: 'افتح دليل البدء' })).toHaveAttribute('href', '/start');
      expect(within(section).getByRole('button', { name: 'عدم الإظهار مجددًا' })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
