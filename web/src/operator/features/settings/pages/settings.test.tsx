import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PRODUCT } from '@pc/core/product';
import type { SettingsHistoryAnswer, SettingsPreviewAnswer } from '@pc/core/contracts/console-settings';
import { startConsole } from '../../../test/console.tsx';
import { meAs } from '../../../test/fixtures.ts';
import { changesOf, draftOf, editableOf, fromText, toText } from '../components/settings-form.ts';

const settings = { value: DEFAULT_PRODUCT };
const history: SettingsHistoryAnswer = {
  data: [
    {
      id: 3,
      effective_from: '2026-11-20T12:05:00.000Z',
      created_at: '2026-11-20T12:00:00.000Z',
      changed_by: { kind: 'staff', name: 'Ada Admin' },
      changed: ['planChangeEveryDays'],
      before: { planChangeEveryDays: 7 },
      after: { planChangeEveryDays: 14 },
    },
  ],
  meta: { page: 1, per_page: 25, total: 1 },
};
const preview: SettingsPreviewAnswer = {
  effective_from: '2026-11-20T12:05:00.000Z',
  changed: ['downloadRates'],
  rows: [{ key: 'downloadRates', item: ['ppd', 'A'], unit: 'money', before: 25_000_000, after: 30_000_000 }],
};
const answers = {
  'GET /operator/v1/settings': { body: settings },
  'GET /operator/v1/settings/history': { body: history },
  'POST /operator/v1/settings/preview': { body: preview },
  'PATCH /operator/v1/settings': { body: { value: {}, changed: ['downloadRates'], effective_from: preview.effective_from } },
};

describe('console: product settings', () => {
  it('shows the values, previews a changed rate as partners would see it, then saves it', async () => {
    const user = userEvent.setup();
    const { callsTo, jsonOf } = await startConsole('/operator/settings', answers);
    const rate = await screen.findByTestId('setting-downloadRates.ppd.A', undefined, { timeout: 30_000 });
    expect(rate).toHaveValue('25');
    expect(screen.getByTestId('settings-preview-button')).toBeDisabled();
    fireEvent.change(rate, { target: { value: '30' } });
    await user.click(screen.getByTestId('settings-preview-button'));
    const dialog = await screen.findByTestId('settings-preview');
    expect(within(dialog).getByTestId('settings-preview-rows')).toHaveTextContent('Rate per 1000 downloads, PPD, group A');
    expect(within(dialog).getByTestId('settings-preview-rows')).toHaveTextContent('$25.00 → $30.00');
    const asked = jsonOf(callsTo('/settings/preview')[0]!) as { changes: { downloadRates: { ppd: { A: number; B: number } } } };
    expect(Object.keys(asked.changes)).toEqual(['downloadRates']);
    expect(asked.changes.downloadRates.ppd).toMatchObject({ A: 30_000, B: 17_000 });
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(callsTo('/settings').filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(jsonOf(callsTo('/settings').find((c) => c.method === 'PATCH')!)).toEqual(asked);
  }, 40_000);

  it('lists the history with who changed what', async () => {
    await startConsole('/operator/settings', answers);
    const grid = await screen.findByRole('grid', { name: 'History' }, { timeout: 30_000 });
    await waitFor(() => expect(within(grid).getByText('Ada Admin')).toBeInTheDocument());
    expect(grid).toHaveTextContent('Plan change every:');
    expect(grid).toHaveTextContent('7 days → 14 days');
    expect(grid).toHaveTextContent('Plans');
  }, 40_000);

  it('shows the server refusal on its field and its tab', async () => {
    const user = userEvent.setup();
    await startConsole('/operator/settings', {
      ...answers,
      'POST /operator/v1/settings/preview': {
        status: 422,
        body: { code: 'validation_failed', message: 'Check the form.', errors: { 'changes.countryGroups.U': ['A country may be in one group only: RU (R).'] } },
      },
    });
    await user.click(await screen.findByTestId('settings-tab-countries', undefined, { timeout: 30_000 }));
    fireEvent.change(screen.getByTestId('setting-countryGroups.U'), { target: { value: 'UA RU' } });
    await user.click(screen.getByTestId('settings-preview-button'));
    expect(await screen.findByText('A country may be in one group only: RU (R).')).toBeInTheDocument();
    expect(screen.getByTestId('settings-refused')).toBeInTheDocument();
  }, 40_000);

  it('finance sees the values read-only, without Preview or Save', async () => {
    await startConsole('/operator/settings', answers, meAs('finance'));
    expect(await screen.findByTestId('settings-read-only', undefined, { timeout: 30_000 })).toBeInTheDocument();
    expect(await screen.findByTestId('setting-downloadRates.ppd.A')).toHaveAttribute('readonly');
    expect(screen.queryByTestId('settings-preview-button')).toBeNull();
  }, 40_000);

  it('an error in place of the form', async () => {
    await startConsole('/operator/settings', { ...answers, 'GET /operator/v1/settings': { status: 500, body: { code: 'internal', message: 'x' } } });
    expect(await screen.findByTestId('error', undefined, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('support may not open it', async () => {
    const { callsTo } = await startConsole('/operator/settings', answers, meAs('support'));
    expect(await screen.findByTestId('not-allowed', undefined, { timeout: 20_000 })).toBeInTheDocument();
    expect(callsTo('/settings')).toHaveLength(0);
  });

  it('in Russian', async () => {
    await startConsole('/operator/settings', answers, meAs('admin'), 'ru');
    expect(await screen.findByText('Ставки за скачивания', undefined, { timeout: 20_000 })).toBeInTheDocument();
  });
});

describe('settings form', () => {
  it.each([
    { unit: 'rate' as const, stored: 8_750, text: '8.75' },
    { unit: 'money' as const, stored: 1_000_000, text: '1' },
    { unit: 'percent' as const, stored: 8_500, text: '85' },
    { unit: 'days' as const, stored: 14, text: '14' },
  ])('$unit $stored reads $text and back', ({ unit, stored, text }) => {
    expect(toText(unit, stored)).toBe(text);
    expect(fromText(unit, text)).toBe(stored);
  });

  it.each(['', 'abc', '1.2345', '7.5'])('"%s" is not a whole number of days', (text) => {
    expect(fromText('days', text)).toBeNull();
  });

  it('takes a comma as the decimal mark and sends only the settings that changed, whole', () => {
    const editable = editableOf(DEFAULT_PRODUCT);
    const draft = { ...draftOf(editable), 'saleShares.pps.sale': '86,5', 'countryGroups.U': ' ua  ' };
    const { changes, invalid } = changesOf(editable, draft);
    expect(invalid).toEqual([]);
    expect(Object.keys(changes)).toEqual(['saleShares']);
    expect(changes.saleShares!.pps).toEqual({ ...DEFAULT_PRODUCT.saleShares.pps, sale: 8_650 });
    expect(changesOf(editable, draftOf(editable)).changes).toEqual({});
  });
});
