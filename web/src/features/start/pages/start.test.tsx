import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fixtures, serverError, startScreen } from '../../../test/screens.tsx';
import { formatDate } from '../../../lib/format.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { EXTERNAL_LINKS } from '../../../lib/links.ts';

const step = (id: string) => screen.getByTestId(`start-step-${id}`);

describe('get started', () => {
  it('shows the progress and each step, done ones with their date, the rest with their action', async () => {
    startScreen('/start');
    expect(await screen.findByTestId('start-progress', {}, { timeout: 20_000 })).toHaveTextContent('2 of 5 steps done');
    expect(screen.getByRole('progressbar', { name: 'Progress of the get-started steps' })).toHaveAttribute('aria-valuenow', '40');
    const steps = within(screen.getByRole('list', { name: 'Get-started steps' })).getAllByRole('listitem');
    expect(steps.map((s) => s.dataset.testid)).toEqual(['start-step-program', 'start-step-upload', 'start-step-download', 'start-step-plan', 'start-step-wallet']);

    expect(step('program')).toHaveAttribute('data-done', 'true');
    expect(step('program')).toHaveTextContent(`Done on ${formatDate(fixtures.startSteps.steps[0]!.done_at!)}`);
    expect(within(step('program')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(step('upload')).queryByRole('link')).not.toBeInTheDocument();

    const share = within(step('download')).getByRole('link', { name: 'Share a file' });
    expect(share).toHaveAttribute('href', EXTERNAL_LINKS.fileManager);
    expect(share).toHaveAttribute('target', '_blank');
    expect(step('download')).toHaveTextContent('Not done yet');
    expect(within(step('plan')).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/app/fd1/rates');
    expect(within(step('wallet')).getByRole('link', { name: 'Add a wallet' })).toHaveAttribute('href', '/payouts');
  });

  it('a new partner starts by activating a programme; the plan waits for one', async () => {
    const none = { steps: fixtures.startSteps.steps.map((s) => ({ id: s.id, done: false, done_at: null })), done: 0, total: 5 };
    startScreen('/start', { 'GET /api/start': { body: none } });
    expect(await screen.findByTestId('start-progress', {}, { timeout: 20_000 })).toHaveTextContent('0 of 5 steps done');
    expect(within(step('program')).getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(step('upload')).getByRole('link', { name: 'Open the file manager' })).toHaveAttribute('href', EXTERNAL_LINKS.fileManager);
    expect(within(step('plan')).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/dashboard');
  });

  it('says when everything is done', async () => {
    const all = { steps: fixtures.startSteps.steps.map((s) => ({ ...s, done: true, done_at: '2026-11-19T08:00:00.000Z' })), done: 5, total: 5 };
    startScreen('/start', { 'GET /api/start': { body: all } });
    expect(await screen.findByTestId('start-progress', {}, { timeout: 20_000 })).toHaveTextContent('All set: every step is done');
    expect(screen.queryAllByRole('link', { name: /Choose a plan|Add a wallet|Share a file/ })).toHaveLength(0);
  });

  it('shows a failed read in place with a retry', async () => {
    startScreen('/start', { 'GET /api/start': serverError });
    expect(await screen.findByRole('button', { name: /try again|retry/i }, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    await changeLanguage('ar');
    try {
      startScreen('/start');
      expect(await screen.findByTestId('start-progress', {}, { timeout: 20_000 })).toHaveTextContent('الخطوات المكتملة: 2 من 5');
      expect(within(step('wallet')).getByRole('link', { name: 'إضافة طريقة سحب' })).toHaveAttribute('href', '/payouts');
    } finally {
      await changeLanguage('en');
    }
  });
});
