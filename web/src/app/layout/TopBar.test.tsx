import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { renderWithProviders, testUser } from '../../test/utils.tsx';
import { href } from '../../lib/routes.ts';
import { TopBar } from './TopBar.tsx';

describe('the top bar', () => {
  it("links 'API for webmasters' to the API key page, not to the internal OpenAPI page", async () => {
    renderWithProviders(
      <MemoryRouter>
        <TopBar user={testUser} language="en" theme="system" onTheme={vi.fn()} onMenu={vi.fn()} onLanguage={vi.fn()} onProjectLogin={vi.fn()} onLogout={vi.fn()} />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByTestId('help-menu-button'));
    const item = await screen.findByTestId('menu-api');
    expect(item).toHaveTextContent('API for webmasters');
    expect(item).toHaveAttribute('href', href('apiKey'));
    expect(href('apiKey')).toBe('/api-key');
    expect(item).not.toHaveAttribute('target');
  });
});
