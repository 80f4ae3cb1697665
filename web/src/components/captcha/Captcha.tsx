import type {} from 'altcha/types/react';
import { Fragment, forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { useTranslation } from 'react-i18next';
import { AUTH_PATHS } from '../../lib/api-paths.ts';
import { API_BASE } from '../../lib/http.ts';
import { loadWidget, loadWidgetLanguage, widgetLanguage } from './widget-language.ts';

export interface CaptchaHandle {
  reset(): void;
}

export interface CaptchaProps {
  onVerified(payload: string): void;
  onExpired(): void;
  onError(): void;
  /** The message shown under the widget (validation or server error). */
  error?: string;
  id?: string;
}

interface WidgetElement extends HTMLElement {
  reset?: () => void;
}

/**
 * The ALTCHA proof-of-work widget, challenge from GET /api/captcha. Its verified, expired and error
 * events drive the form; the form resets it after a failed submit.
 */
export const Captcha = forwardRef<CaptchaHandle, CaptchaProps>(function Captcha({ onVerified, onExpired, onError, error, id }, ref) {
  const { i18n } = useTranslation();
  const element = useRef<WidgetElement>(null);
  const handlers = useRef({ onVerified, onExpired, onError });
  handlers.current = { onVerified, onExpired, onError };
  const language = widgetLanguage(i18n.language);

  useImperativeHandle(ref, () => ({ reset: () => element.current?.reset?.() }), []);

  // The widget's code loads with the first captcha on screen, not with the app.
  useEffect(() => {
    void loadWidget().then(() => loadWidgetLanguage(i18n.language));
  }, [i18n.language]);

  useEffect(() => {
    const el = element.current;
    if (!el) return;
    const verified = (event: Event) => {
      const payload = (event as CustomEvent<{ payload?: string }>).detail?.payload;
      if (payload) handlers.current.onVerified(payload);
    };
    const expired = () => handlers.current.onExpired();
    const stateChange = (event: Event) => {
      const state = (event as CustomEvent<{ state?: string }>).detail?.state;
      if (state === 'error') handlers.current.onError();
    };
    el.addEventListener('verified', verified);
    el.addEventListener('expired', expired);
    el.addEventListener('statechange', stateChange);
    return () => {
      el.removeEventListener('verified', verified);
      el.removeEventListener('expired', expired);
      el.removeEventListener('statechange', stateChange);
    };
  }, [language]);

  return (
    <Box
      id={id}
      data-testid="captcha"
      sx={{
        '& altcha-widget': {
          display: 'block',
          '--altcha-max-width': '100%',
          '--altcha-border-radius': '8px',
          '--altcha-color-primary': '#1976d2',
          '--altcha-border-color': error ? '#d32f2f' : 'rgba(36, 41, 57, 0.23)',
        },
      }}
    >
      <Fragment key={language}>
        <altcha-widget ref={element} challenge={`${API_BASE}${AUTH_PATHS.captcha}`} language={language} type="checkbox" />
      </Fragment>
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Box>
  );
});
