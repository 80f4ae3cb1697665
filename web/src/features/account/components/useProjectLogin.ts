import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { isApiError } from '../../../lib/http.ts';
import { useAutoLoginTo } from '../api/account.ts';

/** Posts the one-time token to the project in a new window, through a hidden form. */
export function postToWindow(url: string, token: string, target: string) {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.target = target;
  form.style.display = 'none';
  const input = document.createElement('input');
  input.type = 'hidden';
  input.name = 'token';
  input.value = token;
  form.appendChild(input);
  document.body.appendChild(form);
  form.submit();
  form.remove();
}

/**
 * docs/auto-login.md: POST /api/auth/auto-login/to/{app} answers {url, token}; a hidden form posts the token to
 * that url in a new window. The window opens at the click (so that it is not blocked) and is closed again
 * when the call fails; a 400 shows the server's text or the try-later text.
 */
export function useProjectLogin() {
  const { t } = useTranslation('dialogs');
  const { mutateAsync } = useAutoLoginTo();
  return useCallback(
    async (project: string) => {
      const target = `project-login-${project}`;
      const win = window.open('about:blank', target);
      try {
        const answer = await mutateAsync(project);
        postToWindow(answer.url, answer.token, target);
      } catch (error) {
        win?.close();
        if (isApiError(error) && (error.status === 401 || error.status >= 500 || error.status === 403))
          return;
        feedback.message('error', t('error'), (isApiError(error) && error.serverMessage) || t('tryLater'));
      }
    },
    [mutateAsync, t],
  );
}
