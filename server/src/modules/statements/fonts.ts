import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The fonts of statements (decision 0205), from npm packages, read on the first statement and kept:
 * Noto Sans Arabic's Latin, Latin Extended and Arabic subsets (@fontsource/noto-sans-arabic, WOFF) and Noto Sans JP
 * (@expo-google-fonts/noto-sans-jp, TTF: Japanese, Cyrillic, Greek and the rest). Each character is drawn with the
 * first of them that has it, in this order.
 */
export type Weight = 'regular' | 'bold';
export const FONT_ORDER = ['latin', 'latinExt', 'jp', 'arabic'] as const;
export type FontKey = (typeof FONT_ORDER)[number];

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

function files(weight: Weight): Record<FontKey, string> {
  const ar = join(packageDir('@fontsource/noto-sans-arabic'), 'files');
  const n = weight === 'bold' ? 700 : 400;
  const jp = packageDir('@expo-google-fonts/noto-sans-jp');
  return {
    latin: join(ar, `noto-sans-arabic-latin-${n}-normal.woff`),
    latinExt: join(ar, `noto-sans-arabic-latin-ext-${n}-normal.woff`),
    jp:
      weight === 'bold'
        ? join(jp, '700Bold', 'NotoSansJP_700Bold.ttf')
        : join(jp, '400Regular', 'NotoSansJP_400Regular.ttf'),
    arabic: join(ar, `noto-sans-arabic-arabic-${n}-normal.woff`),
  };
}

export type FontSet = Record<Weight, Record<FontKey, Buffer>>;
let loaded: Promise<FontSet> | undefined;

/** Every font file, read once per process (about 11 MB, most of it Japanese). */
export function statementFonts(): Promise<FontSet> {
  loaded ??= (async () => {
    const read = async (weight: Weight) => {
      const paths = files(weight);
      const entries = await Promise.all(
        FONT_ORDER.map(async (key) => [key, await readFile(paths[key])] as const),
      );
      return Object.fromEntries(entries) as Record<FontKey, Buffer>;
    };
    return { regular: await read('regular'), bold: await read('bold') };
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}

export const fontName = (key: FontKey, weight: Weight) => `${key}-${weight}`;
