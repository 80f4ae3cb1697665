import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/utils.tsx';
import { Captcha } from './Captcha.tsx';

const verify = vi.fn(async () => null);

// Stands in for the real element (the widget module is mocked in component tests). Like the real one it builds its
// inside, and gets its verify(), only some time after it is connected (the real one a microtask later, which a busy
// browser may reach after React's effects): here 30 ms later, so an arrival that does not wait for it fails.
customElements.define(
  'altcha-widget',
  class extends HTMLElement {
    verify?: typeof verify;
    connectedCallback() {
      setTimeout(() => {
        if (!this.querySelector('input')) this.append(Object.assign(document.createElement('input'), { type: 'checkbox' }));
        this.verify = verify;
      }, 30);
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
    // Once: the arrival does not ask again.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(verify).toHaveBeenCalledOnce();
  });
});
