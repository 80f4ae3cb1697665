import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { LANGS, type LangCode } from '@pc/core/locales';
import { LangFlag } from './LangFlag.tsx';

// The menu's code (popover, focus trap) loads at the first click, not with the page.
const LanguageMenu = lazy(() => import('./LanguageMenu.tsx'));

export interface LanguageSwitcherProps {
  value: string;
  onChange(lang: LangCode): void;
  /** Show only the flag and code (narrow screens). */
  compact?: boolean;
  color?: 'inherit' | 'primary';
  /** The languages offered (all nine unless told: the operator console offers its own). */
  langs?: readonly LangCode[];
}

/** The language menu with flags; names are shown in their own language. */
export function LanguageSwitcher({ value, onChange, compact, color = 'inherit', langs }: LanguageSwitcherProps) {
  const { t } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const current = LANGS.find((l) => l.code === value) ?? LANGS.find((l) => l.code === 'en')!;
  return (
    <>
      <Button
        color={color}
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'language-menu' : undefined}
        aria-label={t('language.choose', { language: current.name })}
        title={t('language.label')}
        data-testid="language-switcher"
        // The language the texts are in: it changes once they are loaded, which may be after the document's lang.
        data-current-lang={current.code}
        endIcon={<ExpandMore />}
        sx={{ minWidth: 0, px: 1, fontWeight: 600 }}
      >
        <LangFlag lang={current.code} />
        <span style={{ marginInlineStart: 8 }}>{compact ? current.code.toUpperCase() : current.name}</span>
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <LanguageMenu
            anchor={anchor}
            current={current.code}
            onClose={() => setAnchor(null)}
            onChange={onChange}
            langs={langs}
          />
        </Suspense>
      ) : null}
    </>
  );
}
