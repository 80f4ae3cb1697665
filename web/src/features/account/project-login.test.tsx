import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { mockApi, renderWithProviders } from '../../test/utils.tsx';
import { AppProviders } from '../../app/AppProviders.tsx';
import { createQueryClient } from '../../app/query-client.ts';
import { MessageDialog } from '../../components/feedback/MessageDialog.tsx';
import { useProjectLogin } from './components/useProjectLogin.ts';

const wrapper = ({ children }: { children: ReactNode }) => (
  <AppProviders queryClient={createQueryClient()}>{children}</AppProviders>
);

describe('login links to the projects', () => {
  it('posts the token to the answered url in a new window through a hidden form', async () => {
    const api = mockApi({
      'POST /api/auth/auto-login/to/fd1': {
        body: { url: 'https://fd1.example/auto-login', token: 'tok-123' },
      },
    });
    const open = vi.fn(() => ({ close: vi.fn() }));
    vi.stubGlobal('open', open);
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this.cloneNode(true) as HTMLFormElement);
    });
    const { result } = renderHook(() => useProjectLogin(), { wrapper });
    await act(() => result.current('fd1'));
    expect(open).toHaveBeenCalledWith('about:blank', 'project-login-fd1');
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/auto-login/to/fd1' });
    expect(submitted).toHaveLength(1);
    const form = submitted[0]!;
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://fd1.example/auto-login');
    expect(form.target).toBe('project-login-fd1');
    expect((form.elements.namedItem('token') as HTMLInputElement).value).toBe('tok-123');
  });

  it('a 400 closes the window and shows the server text in an error dialog', async () => {
    mockApi({
      'POST /api/auth/auto-login/to/fd2': {
        status: 400,
        body: { code: 'bad_request', message: 'The programme is not active.' },
      },
    });
    const close = vi.fn();
    vi.stubGlobal(
      'open',
      vi.fn(() => ({ close })),
    );
    let login: (p: string) => Promise<void> = async () => undefined;
    function Probe() {
      login = useProjectLogin();
      return <MessageDialog />;
    }
    renderWithProviders(<Probe />);
    await act(() => login('fd2'));
    expect(close).toHaveBeenCalled();
    expect(await screen.findByRole('dialog')).toHaveTextContent('The programme is not active.');
  });
});
