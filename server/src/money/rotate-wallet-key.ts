/**
 * NEW_PAYOUT_DETAILS_KEY=... npm run rotate-wallet-key
 *
 * Moves the stored wallets from the PAYOUT_DETAILS_KEY in use to NEW_PAYOUT_DETAILS_KEY (card numbers encrypted
 * again, fingerprints made again), against DATABASE_URL or the PGlite data directory; then start the server with
 * PAYOUT_DETAILS_KEY set to the new key. Run it again with the same two keys if a server on the old key was
 * taking wallets meanwhile: it moves those and leaves the rest. The keys come from the environment, never from
 * the command line, where other users of the machine could read them.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { rotateWalletKey } from './wallet-key-rotation.ts';

async function main() {
  const config = loadConfig();
  const next = process.env.NEW_PAYOUT_DETAILS_KEY ?? '';
  if (next.length < 32) throw new Error('NEW_PAYOUT_DETAILS_KEY must be set, at least 32 characters');
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrate(database);
    const report = await rotateWalletKey(database, config.PAYOUT_DETAILS_KEY, next);
    console.log(`wallets moved to the new key: ${report.rotated}; already under it: ${report.alreadyNew}`);
  } finally {
    await database.close();
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
