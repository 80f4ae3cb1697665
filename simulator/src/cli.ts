import { parseArgs } from 'node:util';
import { PROJECTS, type ProjectId } from '@pc/core';
import { createPartnerViaApi, planChoice } from './partners.ts';
import { httpSender } from './sender.ts';
import { plansOf, sendHistory, startLive, type SimPartner } from './simulate.ts';
import { Rng } from './random.ts';

/**
 * npm run simulate -- --partners N --days D --seed S [--live] [--url http://localhost:3000]
 * Creates N partners through the cabinet's API (some invited by others, two levels deep), then plays both file
 * hosts: D days of history through the ingest API, and with --live a trickle until stopped.
 */
const { values } = parseArgs({
  options: {
    partners: { type: 'string', default: '5' },
    days: { type: 'string', default: '30' },
    seed: { type: 'string', default: '1' },
    live: { type: 'boolean', default: false },
    url: { type: 'string', default: process.env.SIM_URL ?? 'http://localhost:3000' },
    'batch-size': { type: 'string', default: '5000' },
    scale: { type: 'string', default: '1' },
  },
});
const partnersCount = Number(values.partners);
const days = Number(values.days);
const seed = values.seed!;
const url = values.url!;
const tokens: Record<ProjectId, string> = {
  fd1: process.env.INGEST_TOKEN_FD1 ?? 'dev-ingest-token-fd1-000000000000',
  fd2: process.env.INGEST_TOKEN_FD2 ?? 'dev-ingest-token-fd2-000000000000',
};

const rng = new Rng(`${seed}:partners`);
const planRng = new Rng(`${seed}:plan-choices`);
const partners: SimPartner[] = [];
const runTag = `${seed}-${Date.now().toString(36)}`;
console.log(`creating ${partnersCount} partners at ${url}`);
for (let i = 0; i < partnersCount; i++) {
  // Two-level referral chains: some partners are invited by an earlier one (who may be invited themselves).
  const inviter = i > 0 && rng.chance(0.4) ? partners[rng.int(0, i - 1)] : undefined;
  const created = await createPartnerViaApi(url, `sim-${runTag}-${i}@partner.test`, { ref: inviter?.userId });
  partners.push({ key: `sim${seed}-${i}`, app: created.app, userId: created.userId });
  // Some partners leave the default plan through the rates page's call: it applies from the next day.
  const plan = planChoice(planRng);
  const chosen = plan ? await created.choosePlan('fd1', plan) : null;
  console.log(
    `  ${created.email} (fd1 ${created.app.fd1}, fd2 ${created.app.fd2})${inviter ? ' invited' : ''}${chosen ? `, fd1 plan ${plan} from ${chosen.effective_from}` : ''}`,
  );
}

const send = httpSender(url, tokens, { log: (line) => console.log(`  ${line}`) });
const plans = plansOf(partners, seed, Number(values.scale));
const started = performance.now();
const result = await sendHistory(send, plans, {
  seed,
  days,
  now: Date.now(),
  batchSize: Number(values['batch-size']),
  onProgress: (d, total, sent) => {
    if (d % 10 === 0 || d === total) console.log(`  day ${d}/${total}: ${sent.accepted} accepted, ${sent.duplicates} duplicates, ${sent.rejected} rejected`);
  },
});
const seconds = (performance.now() - started) / 1000;
console.log(`history: ${result.sent.accepted} events in ${result.sent.batches} batches, ${seconds.toFixed(1)} s (${Math.round(result.sent.accepted / seconds)} events/s)`);
if (result.rejections.length) console.log('rejections (first 20):', result.rejections);

if (values.live) {
  console.log(`live trickle for ${PROJECTS.join(', ')}; Ctrl-C to stop`);
  const stop = startLive(send, plans, { seed, onError: (e) => console.error((e as Error).message) });
  process.on('SIGINT', () => void stop().then(() => process.exit(0)));
}
