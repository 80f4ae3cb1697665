import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/utils.tsx';
import { Captcha } from './Captcha.tsx';
import { isWidgetLoaded } from './widget-language.ts';

function renderForm() {
  const onVerified = vi.fn();
  renderWithProviders(
    <form>
      <label htmlFor="email">Email</label>
      <input id="email" autoFocus />
      <Captcha onVerified={onVerified} onExpired={vi.fn()} onError={vi.fn()} />
    </form>,
  );
  return { onVerified };
}

const widget = () => document.querySelector('altcha-widget');

// The order matters: the widget's code, once loaded, stays loaded for the rest of this file.
describe('captcha widget loading', () => {
  it('waits for the partner: an autofocused field does not load it, the first key press does', async () => {
    renderForm();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getByTestId('captcha-placeholder')).toHaveTextContent("I'm not a robot");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(widget()).toBeNull();
    expect(isWidgetLoaded()).toBe(false);

    await userEvent.keyboard('a');
    await waitFor(() => expect(widget()).not.toBeNull());
    expect(isWidgetLoaded()).toBe(true);
    expect(screen.queryByTestId('captcha-placeholder')).not.toBeInTheDocument();
    expect(widget()).toHaveAttribute('challenge', '/api/captcha');
    expect(widget()).toHaveAttribute('language', 'en');
  });

  it('shows the widget at once on a later form, and its verified event reaches the form', async () => {
    const { onVerified } = renderForm();
    await waitFor(() => expect(widget()).not.toBeNull());
    widget()!.dispatchEvent(new CustomEvent('verified', { detail: { payload: 'solved' } }));
    expect(onVerified).toHaveBeenCalledWith('solved');
  });
});
