/**
 * npm run close -- --day 2026-11-20 | --from 2026-11-01 --to 2026-11-20 | --catch-up | --month 2026-10
 * Runs the closes against DATABASE_URL (or the PGlite data directory), the same code the scheduler runs.
 */
import { parseArgs } from 'node:util';
import { dayKey, isDayKey } from '@pc/core';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { catchUp, closeDay, closeMonth, closeRange } from './close.ts';

const USAGE = 'usage: npm run close -- --day YYYY-MM-DD | --from YYYY-MM-DD --to YYYY-MM-DD | --catch-up | --month YYYY-MM [--dirty]';

async function main() {
  const { values } = parseArgs({
    options: {
      day: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      month: { type: 'string' },
      'catch-up': { type: 'boolean' },
      dirty: { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) return void console.log(USAGE);
  const checkDay = (d: string | undefined, name: string) => {
    if (!d || !isDayKey(d)) throw new Error(`${name} must be a day YYYY-MM-DD\n${USAGE}`);
    return d;
  };
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrate(database);
    const now = new Date();
    const today = dayKey(now);
    if (values['catch-up']) {
      const r = await catchUp(database, now);
      console.log(`closed days: ${r.days.map((d) => d.day).join(', ') || 'none'}`);
      console.log(`closed months: ${r.months.map((m) => m.month).join(', ') || 'none'}`);
      console.log(`re-closed dirty days: ${r.dirty.map((d) => d.day).join(', ') || 'none'}`);
      console.log(`ledger entries written: ${[...r.days, ...r.dirty].reduce((n, d) => n + d.entries, 0)}`);
    } else if (values.day) {
      const day = checkDay(values.day, '--day');
      if (day >= today) throw new Error(`--day must be before today (${today}): a day is closed once it is over`);
      const r = await closeDay(database, day, now, { onlyDirty: values.dirty ?? false });
      console.log(`${r.day}: ${r.partners} partner days, ${r.entries} ledger entries written`);
    } else if (values.from || values.to) {
      const from = checkDay(values.from, '--from');
      const to = checkDay(values.to, '--to');
      if (to >= today) throw new Error(`--to must be before today (${today})`);
      if (to < from) throw new Error('--to is before --from');
      const r = await closeRange(database, from, to, now);
      for (const d of r.days) console.log(`${d.day}: ${d.partners} partner days, ${d.entries} ledger entries written`);
      for (const m of r.months) console.log(`month ${m.month}: ${m.partners} partners, ${m.levelChanges} level changes, ${m.unlimitedGranted} unlimited granted`);
    } else if (values.month) {
      if (!/^\d{4}-\d{2}$/.test(values.month)) throw new Error(`--month must be YYYY-MM\n${USAGE}`);
      const r = await closeMonth(database, values.month, now, { force: true });
      console.log(`month ${r.month}: ${r.partners} partners, ${r.levelChanges} level changes, ${r.unlimitedGranted} unlimited granted`);
    } else {
      throw new Error(USAGE);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
