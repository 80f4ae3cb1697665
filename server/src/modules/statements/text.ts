import bidiFactory from 'bidi-js';
import * as fontkit from 'fontkit';
import { FONT_ORDER, fontName, type FontKey, type FontSet, type Weight } from './fonts.ts';

/**
 * Lines of text in any of the nine languages on a PDFKit page (decision 0205). Each character is drawn with the
 * first font that has it; the line is put in visual order by the Unicode bidirectional algorithm (bidi-js), and an
 * Arabic run is handed to fontkit in logical order so that it is shaped (joined) and laid right to left.
 */
const bidi = bidiFactory();

interface GlyphChecker {
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/** The minimal drawing surface of a PDFKit document the writer needs. */
export interface Surface {
  font(name: string): Surface;
  fontSize(size: number): Surface;
  widthOfString(text: string, options?: Record<string, unknown>): number;
  text(text: string, x: number, y: number, options?: Record<string, unknown>): Surface;
  registerFont(name: string, src: Buffer): Surface;
}

interface Piece {
  text: string;
  font: FontKey;
}

/** Characters that only steer the bidirectional order (marks, isolates) and are not drawn. */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\u061c\ufeff]/;
/** Spaces the fonts lack, drawn as a no-break space. */
const SPACES = /[\u202f\u2009\u2007]/g;

/** The fonts' glyph tables, parsed once per process (the document parses its own copy to embed the glyphs). */
const parsed = new WeakMap<FontSet, Record<Weight, Record<FontKey, GlyphChecker>>>();
function checkersOf(fonts: FontSet) {
  let found = parsed.get(fonts);
  if (!found) {
    const make = (weight: Weight) =>
      Object.fromEntries(
        FONT_ORDER.map((key) => [key, fontkit.create(fonts[weight][key]) as GlyphChecker]),
      ) as Record<FontKey, GlyphChecker>;
    found = { regular: make('regular'), bold: make('bold') };
    parsed.set(fonts, found);
  }
  return found;
}

export class TextWriter {
  private readonly checkers: Record<Weight, Record<FontKey, GlyphChecker>>;
  constructor(
    private readonly doc: Surface,
    fonts: FontSet,
    readonly rtl: boolean,
  ) {
    for (const weight of ['regular', 'bold'] as const)
      for (const key of FONT_ORDER) doc.registerFont(fontName(key, weight), fonts[weight][key]);
    this.checkers = checkersOf(fonts);
  }

  private fontFor(ch: string, weight: Weight, previous: FontKey | null): FontKey | null {
    const cp = ch.codePointAt(0)!;
    const has = (key: FontKey) => this.checkers[weight][key].hasGlyphForCodePoint(cp);
    // A space or punctuation stays in the font around it (keeps an Arabic run whole for shaping).
    if (previous && /[\s.,:;()\-–%/]/.test(ch) && has(previous)) return previous;
    for (const key of FONT_ORDER) if (has(key)) return key;
    return null;
  }

  /** The line's pieces in visual (left to right) order, each drawable in one font. */
  private pieces(line: string, weight: Weight): Piece[] {
    const text = line.replace(SPACES, '\u00a0');
    const chars = [...text];
    // bidi-js works on UTF-16 indices; the texts here are all in the BMP but map through code units to be safe.
    const levels = bidi.getEmbeddingLevels(text, this.rtl ? 'rtl' : 'ltr');
    const units: Array<{ ch: string; level: number; font: FontKey | null }> = [];
    let unit = 0;
    let previous: FontKey | null = null;
    for (const ch of chars) {
      const level = levels.levels[unit]!;
      unit += ch.length;
      if (INVISIBLE.test(ch)) continue;
      const font = this.fontFor(ch, weight, previous);
      previous = font ?? previous;
      units.push({ ch, level, font });
    }
    // Visual order: reverse each run at or above a level, from the highest level down to the lowest odd one.
    const order = units.map((_, i) => i);
    const max = Math.max(0, ...units.map((u) => u.level));
    const minOdd = Math.min(...units.map((u) => u.level).filter((l) => l % 2 === 1), max + 1);
    for (let level = max; level >= minOdd; level--) {
      let i = 0;
      while (i < order.length) {
        if (units[order[i]!]!.level >= level) {
          let j = i;
          while (j + 1 < order.length && units[order[j + 1]!]!.level >= level) j++;
          order.splice(i, j - i + 1, ...order.slice(i, j + 1).reverse());
          i = j + 1;
        } else i++;
      }
    }
    const out: Array<Piece & { rtl: boolean }> = [];
    for (const index of order) {
      const u = units[index]!;
      const rtlUnit = u.level % 2 === 1;
      const ch = rtlUnit ? (bidi.getMirroredCharacter(u.ch) ?? u.ch) : u.ch;
      const font = u.font ?? 'latin';
      const drawn = u.font === null ? '?' : ch;
      const last = out[out.length - 1];
      if (last && last.font === font && last.rtl === rtlUnit) last.text += drawn;
      else out.push({ text: drawn, font, rtl: rtlUnit });
    }
    // fontkit lays an Arabic run out right to left itself: it gets that run in logical order.
    return out.map((p) => ({
      font: p.font,
      text: p.rtl && p.font === 'arabic' ? [...p.text].reverse().join('') : p.text,
    }));
  }

  private measure(pieces: Piece[], size: number, weight: Weight): number {
    let width = 0;
    for (const p of pieces) {
      this.doc.font(fontName(p.font, weight)).fontSize(size);
      width += this.doc.widthOfString(p.text, { features: [] });
    }
    return width;
  }

  width(line: string, size: number, weight: Weight = 'regular'): number {
    return this.measure(this.pieces(line, weight), size, weight);
  }

  /**
   * Draws one line in the box [x, x + width]: at its start edge (left, or right in a right-to-left document), at
   * its end edge, or centred.
   */
  line(
    line: string,
    x: number,
    y: number,
    width: number,
    options: { size?: number; weight?: Weight; align?: 'start' | 'end' | 'center' } = {},
  ) {
    const size = options.size ?? 10;
    const weight = options.weight ?? 'regular';
    const pieces = this.pieces(line, weight);
    const total = this.measure(pieces, size, weight);
    const align = options.align ?? 'start';
    const toRight = (align === 'start') === this.rtl;
    let left = align === 'center' ? x + (width - total) / 2 : toRight ? x + width - total : x;
    for (const p of pieces) {
      this.doc.font(fontName(p.font, weight)).fontSize(size);
      const w = this.doc.widthOfString(p.text, { features: [] });
      // On the alphabetic baseline: the Latin, Japanese and Arabic fonts have different ascenders.
      this.doc.text(p.text, left, y + size, { lineBreak: false, baseline: 'alphabetic', features: [] });
      left += w;
    }
  }

  /** A text broken at spaces into lines no wider than `width` (a word wider than that stays whole). */
  wrap(text: string, width: number, size: number, weight: Weight = 'regular'): string[] {
    const out: string[] = [];
    for (const paragraph of text.split('\n')) {
      let current = '';
      for (const word of paragraph.split(/ +/)) {
        const next = current ? `${current} ${word}` : word;
        if (current && this.width(next, size, weight) > width) {
          out.push(current);
          current = word;
        } else current = next;
      }
      out.push(current);
    }
    return out;
  }
}
