import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/utils.tsx';
import { Captcha } from './Captcha.tsx';

const verify = vi.fn(async () => null);

// Stands in for the real element (the widget module is mocked in component tests).
customElements.define(
  'altcha-widget',
  class extends HTMLElement {
    verify = verify;
    connectedCallback() {
      if (!this.querySelector('input'))
        this.append(Object.assign(document.createElement('input'), { type: 'checkbox' }));
    }
  },
);

describe('captcha placeholder', () => {
  it('a click (or Enter) on the placeholder loads the widget, starts the check and keeps the focus on it', async () => {
    renderWithProviders(
      <form>
        <Captcha onVerified={vi.fn()} onExpired={vi.fn()} onError={vi.fn()} />
      </form>,
    );
    const placeholder = screen.getByRole('button', { name: "I'm not a robot" });
    expect(document.querySelector('altcha-widget')).toBeNull();
    placeholder.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    await waitFor(() => expect(verify).toHaveBeenCalledOnce());
    expect(document.querySelector('altcha-widget input')).toHaveFocus();
  });
});
