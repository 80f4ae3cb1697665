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
  },
);

describe('captcha placeholder', () => {
  it('a click on the placeholder loads the widget and starts the check, so one click is enough', async () => {
    renderWithProviders(
      <form>
        <Captcha onVerified={vi.fn()} onExpired={vi.fn()} onError={vi.fn()} />
      </form>,
    );
    const placeholder = screen.getByRole('button', { name: "I'm not a robot" });
    expect(document.querySelector('altcha-widget')).toBeNull();
    await userEvent.click(placeholder);
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    await waitFor(() => expect(verify).toHaveBeenCalledOnce());
  });
});
