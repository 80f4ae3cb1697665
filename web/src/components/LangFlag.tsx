import type { LangCode } from '@pc/core/locales';
import ar from 'flag-svg/SA.svg?no-inline';
import de from 'flag-svg/DE.svg?no-inline';
import en from 'flag-svg/GB.svg?no-inline';
import es from 'flag-svg/ES.svg?no-inline';
import fr from 'flag-svg/FR.svg?no-inline';
import ja from 'flag-svg/JP.svg?no-inline';
import pt from 'flag-svg/BR.svg?no-inline';
import ru from 'flag-svg/RU.svg?no-inline';
import tr from 'flag-svg/TR.svg?no-inline';

const FLAGS: Record<LangCode, string> = { ar, de, en, es, fr, ja, pt, ru, tr };

/**
 * A language's flag as a small image: emoji flags are letters on Windows and missing where no colour
 * emoji font is installed. Decorative: the language's name is always next to it.
 */
export function LangFlag({ lang, size = 20 }: { lang: LangCode; size?: number }) {
  return (
    <img
      src={FLAGS[lang]}
      alt=""
      aria-hidden="true"
      width={size}
      height={Math.round((size * 2) / 3)}
      style={{
        display: 'block',
        borderRadius: 2,
        boxShadow: '0 0 0 1px rgba(36, 41, 57, 0.12)',
        flexShrink: 0,
      }}
    />
  );
}
