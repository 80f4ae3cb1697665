import type {} from 'altcha/types/react';
import {
  Fragment,
  forwardRef,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import FormHelperText from '@mui/material/FormHelperText';
import { useTranslation } from 'react-i18next';
import { AUTH_PATHS } from '@pc/core/contracts/auth-paths';
import { API_BASE } from '../../lib/http.ts';
import {
  isWidgetLoaded,
  loadWidget,
  setWidgetStrings,
  widgetLanguage,
  widgetStrings,
} from './widget-language.ts';

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
  /**
   * When the widget's code (about 34 KB) is fetched: on the first click or key press in the surrounding
   * form (sign-in pages, so their first load stays small), or at once (a dialog opened on purpose).
   */
  load?: 'onInteraction' | 'now';
}

interface WidgetElement extends HTMLElement {
  reset?: () => void;
  verify?: () => Promise<unknown>;
}

/** What starts loading the widget: the partner's own clicks and key presses (an autofocus is not one). */
const INTERACTIONS = ['pointerdown', 'keydown', 'input'] as const;

/** How many times (10 ms apart) the arrival waits for the widget to have built itself: two seconds at most. */
const WIDGET_MOUNT_TRIES = 200;

/** The widget's own box, so the placeholder takes the same room and nothing moves when it arrives. */
const WIDGET_HEIGHT = 74;

/**
 * The ALTCHA proof-of-work widget, challenge from GET /api/captcha. Its verified, expired and error
 * events drive the form; the form resets it after a failed submit. Until its code has arrived a
 * placeholder with the widget's label holds its place; clicking it loads the widget and starts the check.
 */
export const Captcha = forwardRef<CaptchaHandle, CaptchaProps>(function Captcha(
  { onVerified, onExpired, onError, error, id, load = 'onInteraction' },
  ref,
) {
  const { t, i18n } = useTranslation('common');
  const host = useRef<HTMLDivElement>(null);
  const element = useRef<WidgetElement>(null);
  const handlers = useRef({ onVerified, onExpired, onError });
  handlers.current = { onVerified, onExpired, onError };
  const verifyOnArrival = useRef(false);
  const focusOnArrival = useRef(false);
  const [armed, setArmed] = useState(() => load === 'now' || isWidgetLoaded());
  const [ready, setReady] = useState(false);
  const language = widgetLanguage(i18n.language);

  useImperativeHandle(ref, () => ({ reset: () => element.current?.reset?.() }), []);

  useEffect(() => {
    if (armed) return;
    const target = host.current?.closest('form') ?? host.current;
    if (!target) return;
    const arm = () => setArmed(true);
    for (const type of INTERACTIONS) target.addEventListener(type, arm, { once: true, passive: true });
    return () => {
      for (const type of INTERACTIONS) target.removeEventListener(type, arm);
    };
  }, [armed]);

  useEffect(() => {
    if (!armed) return;
    let current = true;
    loadWidget().then(
      () => current && setReady(true),
      () => current && handlers.current.onError(),
    );
    return () => {
      current = false;
    };
  }, [armed]);

  // Our texts for the widget, in the interface language: set in the commit that shows the widget (or changes
  // its language), before the widget draws itself.
  useLayoutEffect(() => {
    if (ready) setWidgetStrings(language, widgetStrings(t));
  }, [ready, language, t]);

  // Attached in the same commit that puts the widget on screen, so none of its events can come first.
  useLayoutEffect(() => {
    const el = element.current;
    if (!ready || !el) return;
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
  }, [ready, language]);

  // After the commit: the custom element builds its inside once it is connected, a moment after React adds it
  // (a microtask later), and has no verify() until then. The effect may run before that moment (seen on a busy
  // machine: the check never started), so it waits for verify() to exist, a few milliseconds at a time.
  useEffect(() => {
    const el = element.current;
    if (!ready || !el || !(focusOnArrival.current || verifyOnArrival.current)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let tries = 0;
    const arrived = () => {
      if (typeof el.verify !== 'function' && ++tries < WIDGET_MOUNT_TRIES) {
        timer = setTimeout(arrived, 10);
        return;
      }
      if (focusOnArrival.current) {
        // The placeholder had the focus (keyboard users): hand it to the widget's own checkbox.
        focusOnArrival.current = false;
        (el.shadowRoot ?? el).querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
      }
      if (verifyOnArrival.current) {
        verifyOnArrival.current = false;
        void el.verify?.();
      }
    };
    arrived();
    return () => clearTimeout(timer);
  }, [ready]);

  // The widget draws itself (a web component): its colours come from the theme, so it follows the dark scheme too.
  const palette = useTheme().palette;
  const borderColor = error ? palette.error.main : palette.mode === 'dark' ? 'rgba(231, 233, 240, 0.28)' : 'rgba(36, 41, 57, 0.23)';
  return (
    <Box
      ref={host}
      id={id}
      data-testid="captcha"
      sx={{
        '& altcha-widget': {
          display: 'block',
          minHeight: WIDGET_HEIGHT,
          '--altcha-max-width': '100%',
          '--altcha-border-radius': '8px',
          '--altcha-color-primary': palette.primary.main,
          '--altcha-color-primary-content': palette.primary.contrastText,
          '--altcha-color-base': palette.background.paper,
          '--altcha-color-base-content': palette.text.primary,
          '--altcha-checkbox-border-color': palette.text.secondary,
          '--altcha-border-color': borderColor,
        },
      }}
    >
      {ready ? (
        <Fragment key={language}>
          <altcha-widget
            ref={element}
            challenge={`${API_BASE}${AUTH_PATHS.captcha}`}
            language={language}
            type="checkbox"
          />
        </Fragment>
      ) : (
        <Box
          component="button"
          type="button"
          data-testid="captcha-placeholder"
          aria-busy={armed}
          onClick={(event) => {
            verifyOnArrival.current = true;
            focusOnArrival.current = document.activeElement === event.currentTarget;
            setArmed(true);
          }}
          // Laid out like the widget's first row (box, then label), so the swap is not noticed.
          sx={{
            display: 'flex',
            alignItems: 'flex-start',
            gap: '10px',
            width: '100%',
            height: WIDGET_HEIGHT,
            p: '12px',
            border: `1px solid ${borderColor}`,
            borderRadius: '8px',
            bgcolor: 'background.paper',
            color: 'text.primary',
            font: 'inherit',
            fontSize: 16,
            lineHeight: '24px',
            textAlign: 'start',
            cursor: 'pointer',
            '&:focus-visible': { outline: `2px solid ${palette.primary.main}`, outlineOffset: 2 },
          }}
        >
          <Box
            component="span"
            aria-hidden
            sx={{
              width: 20,
              height: 20,
              mt: '2px',
              flexShrink: 0,
              borderRadius: '4px',
              border: `2px solid ${palette.text.secondary}`,
              borderTopColor: armed ? 'primary.main' : undefined,
              animation: armed ? 'captcha-spin 0.9s linear infinite' : undefined,
              '@keyframes captcha-spin': { to: { transform: 'rotate(360deg)' } },
            }}
          />
          {t('captcha.label')}
        </Box>
      )}
      {error ? <FormHelperText error>{error}</FormHelperText> : null}
    </Box>
  );
});
