import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/utils.tsx';
import { MessageDialog } from './MessageDialog.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { AppSnackbar } from './AppSnackbar.tsx';
import { MainAlert } from './MainAlert.tsx';
import { feedback, SNACKBAR_TIMEOUT_MS, messageDialogStore } from './feedback-store.ts';
import { SecurityCodeDialog } from '../security/SecurityCodeDialog.tsx';

describe('message dialog', () => {
  for (const type of ['info', 'success', 'error'] as const) {
    it(`shows a ${type} message with its title and closes`, async () => {
      renderWithProviders(<MessageDialog />);
      act(() => feedback.message(type, `Title ${type}`, `Message ${type}`));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent(`Title ${type}`);
      expect(dialog).toHaveTextContent(`Message ${type}`);
      expect(dialog.closest('[data-type]')).toHaveAttribute('data-type', type);
      await userEvent.click(screen.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(messageDialogStore.get().visible).toBe(false);
    });
  }

  it('uses the given close label', async () => {
    renderWithProviders(<MessageDialog />);
    act(() => feedback.message('info', 'T', 'M', 'Got it'));
    expect(await screen.findByRole('button', { name: 'Got it' })).toBeInTheDocument();
  });
});

describe('confirm dialog', () => {
  it('calls cancel and confirm', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(
      <ConfirmDialog
        open
        title="Remove?"
        message="Are you sure you want to remove this purse?"
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('dialog')).toHaveTextContent('Are you sure you want to remove this purse?');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).toHaveBeenCalledOnce();
  });
});

describe('security code dialog', () => {
  it('has a password-type field, Close and OK', async () => {
    const onSubmit = vi.fn();
    const onClose = vi.fn();
    const onChange = vi.fn();
    renderWithProviders(
      <SecurityCodeDialog
        open
        code=""
        error="Incorrect security code"
        saving={false}
        onChange={onChange}
        onSubmit={onSubmit}
        onClose={onClose}
      />,
    );
    const input = screen.getByTestId('security-code-input');
    expect(input).toHaveAttribute('type', 'password');
    expect(screen.getByText('Incorrect security code')).toBeInTheDocument();
    await userEvent.type(input, '1');
    expect(onChange).toHaveBeenCalledWith('1');
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });
});

describe('snackbar', () => {
  it('shows the text with a Close button and hides after 5000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithProviders(<AppSnackbar />);
      act(() => feedback.snackbar('Saved'));
      expect(await screen.findByText('Saved')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
      expect(SNACKBAR_TIMEOUT_MS).toBe(5000);
      await act(async () => {
        vi.advanceTimersByTime(4900);
      });
      expect(screen.getByText('Saved')).toBeInTheDocument();
      await act(async () => {
        vi.advanceTimersByTime(400);
      });
      await waitFor(() => expect(screen.queryByText('Saved')).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes with its button', async () => {
    renderWithProviders(<AppSnackbar />);
    act(() => feedback.snackbar('Copied'));
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Copied')).not.toBeInTheDocument());
  });
});

describe('main alert', () => {
  it('shows type and message and can be dismissed', async () => {
    renderWithProviders(<MainAlert />);
    act(() => feedback.alert('warning', 'Payout details were changed'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payout details were changed');
    expect(alert.className).toMatch(/Warning/i);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('has no close button when not dismissible', async () => {
    renderWithProviders(<MainAlert />);
    act(() => feedback.alert('info', 'Read only', false));
    await screen.findByRole('alert');
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });
});
