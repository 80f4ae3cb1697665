import { LANGS, type LangCode } from '@pc/core/locales';
import type { ContentItem } from '../api/get-content-list.ts';
import type { ContentBody } from '../api/save-content.ts';

/**
 * The Content form's state and rules, without React: texts per language (English required; another language is
 * sent only when its title or body is filled, and then needs both), the audience, and when partners see it.
 */
export type TextsState = Record<LangCode, { title: string; body: string }>;
export type PublishMode = 'keep' | 'now' | 'at';
export interface FormState {
  texts: TextsState;
  /** News: '' (every partner), 'fd1', 'fd2'. Notifications: '' (every partner) or a partner's id or e-mail. */
  audience: string;
  publish: PublishMode;
  /** `YYYY-MM-DDTHH:mm` in the browser's time zone (an `<input type="datetime-local">`). */
  at: string;
}

/** English first (required), then the others in the partner app's order. */
export const FORM_LANGS: LangCode[] = ['en', ...LANGS.map((l) => l.code).filter((c) => c !== 'en')];

export const TITLE_MAX = 300;
export const BODY_MAX = 20_000;
const CONTROL = /(?![\n\r\t])\p{Cc}/u;

const emptyTexts = (): TextsState => Object.fromEntries(FORM_LANGS.map((l) => [l, { title: '', body: '' }])) as TextsState;

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as a datetime-local value in the browser's zone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** A datetime-local value (browser's zone) as an ISO instant; null when it is not one. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function initialState(item: ContentItem | null, now: Date): FormState {
  const texts = emptyTexts();
  if (item) for (const [lang, t] of Object.entries(item.texts)) if (t && lang in texts) texts[lang as LangCode] = { title: t.title, body: t.body };
  const audience = !item ? '' : 'project' in item ? (item.project ?? '') : (item.email ?? (item.user_id !== null ? String(item.user_id) : ''));
  const inAnHour = new Date(now.getTime() + 3_600_000);
  if (!item) return { texts, audience, publish: 'now', at: toLocalInput(inAnHour.toISOString()) };
  return { texts, audience, publish: item.status === 'scheduled' ? 'at' : 'keep', at: toLocalInput(item.status === 'scheduled' ? item.publish_at : inAnHour.toISOString()) };
}

/** What is wrong, by field (`title.en`, `body.ru`, `at`, `audience`): console keys. */
export type FormErrors = Record<string, string>;

export function validate(state: FormState, kind: 'news' | 'notifications', now: Date): FormErrors {
  const errors: FormErrors = {};
  for (const lang of FORM_LANGS) {
    const { title, body } = state.texts[lang];
    const filled = title.trim() !== '' || body.trim() !== '';
    if (lang === 'en' || filled) {
      if (!title.trim()) errors[`title.${lang}`] = 'content.form.errors.titleRequired';
      if (!body.trim()) errors[`body.${lang}`] = 'content.form.errors.bodyRequired';
    }
    if (title.length > TITLE_MAX) errors[`title.${lang}`] = 'content.form.errors.titleLong';
    if (body.length > BODY_MAX) errors[`body.${lang}`] = 'content.form.errors.bodyLong';
    if (/\p{Cc}/u.test(title)) errors[`title.${lang}`] = 'content.form.errors.control';
    if (CONTROL.test(body)) errors[`body.${lang}`] = 'content.form.errors.control';
  }
  if (kind === 'notifications' && /\p{Cc}/u.test(state.audience)) errors.audience = 'content.form.errors.control';
  if (state.publish === 'at') {
    const at = fromLocalInput(state.at);
    if (!at) errors.at = 'content.form.errors.timeInvalid';
    else if (new Date(at).getTime() <= now.getTime()) errors.at = 'content.form.errors.timePast';
  }
  return errors;
}

/** The languages with a text to send (English always). */
export const filledLangs = (texts: TextsState): LangCode[] => FORM_LANGS.filter((l) => l === 'en' || texts[l].title.trim() !== '' || texts[l].body.trim() !== '');

export function bodyOf(state: FormState, kind: 'news' | 'notifications'): ContentBody {
  const texts = Object.fromEntries(filledLangs(state.texts).map((l) => [l, { title: state.texts[l].title.trim(), body: state.texts[l].body.trim() }]));
  const body: ContentBody = { texts };
  if (kind === 'news') body.project = state.audience === 'fd1' || state.audience === 'fd2' ? state.audience : null;
  else body.partner = state.audience.trim() === '' ? null : state.audience.trim();
  if (state.publish === 'now') body.publish_at = null;
  if (state.publish === 'at') body.publish_at = fromLocalInput(state.at);
  return body;
}

/** The text a partner reading `lang` gets: theirs when written, else English marked as a fallback (decision 0120). */
export function textFor(texts: TextsState, lang: LangCode): { title: string; body: string; lang: LangCode; fallback: boolean } {
  const own = texts[lang];
  if (lang === 'en' || own.title.trim() !== '' || own.body.trim() !== '') return { ...own, lang, fallback: false };
  return { ...texts.en, lang: 'en', fallback: true };
}
