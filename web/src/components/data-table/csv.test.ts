import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toCsv } from './csv.ts';
import type { TableColumn } from './types.ts';

interface Row {
  name: string;
  earned: number;
  day: string;
}
const columns: TableColumn<Row>[] = [
  { field: 'name', header: 'Name' },
  { field: 'earned', header: 'Earned', kind: 'money' },
  { field: 'day', header: 'Day', kind: 'day' },
];

/** A minimal RFC 4180 reader, to check what a spreadsheet would read back. */
function parse(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const text = csv.replace(/^\uFEFF/, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

describe('CSV export', () => {
  it('writes the header and plain values: money in USD with two decimals, days as YYYY-MM-DD', () => {
    const csv = toCsv(columns, [{ name: 'film.mkv', earned: 6_008_750, day: '2026-11-20' }]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(parse(csv)).toEqual([
      ['Name', 'Earned', 'Day'],
      ['film.mkv', '6.01', '2026-11-20'],
    ]);
  });

  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    const csv = toCsv(columns.slice(0, 1), [
      { name: 'a, "b"\nc', earned: 0, day: '' },
      { name: '=HYPERLINK("x")', earned: 0, day: '' },
      { name: '-5', earned: 0, day: '' },
    ]);
    expect(parse(csv).slice(1)).toEqual([['a, "b"\nc'], ['\'=HYPERLINK("x")'], ['-5']]);
  });

  it('reads back exactly what was written, for any text', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 5 }), (names) => {
        const rows = names.map((name) => ({ name, earned: 0, day: '' }));
        const back = parse(toCsv(columns.slice(0, 1), rows))
          .slice(1)
          .map((r) => r[0]!);
        expect(back).toEqual(
          names.map((n) => (/^[=+\-@\t\r]/.test(n) && !/^-?\d+(\.\d+)?$/.test(n) ? `'${n}` : n)),
        );
      }),
    );
  });
});
