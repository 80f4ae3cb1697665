import type { IngestEventInput, ProjectId } from '@pc/core';
import { Rng } from './random.ts';

/**
 * What a file host would send about one partner: files, traffic with weekly seasonality and growth, a country mix
 * over every group, repeat downloaders, incomplete downloads, referrers, sales with rebills, refunds, voids and
 * fraud, file copies, site-referral sales and video views. Sales carry the referrer of the page they came from,
 * and video sales the player type. Deterministic for a seed.
 */
export interface PartnerPlan {
  /** Unique label of the partner in this simulation (part of every event id). */
  key: string;
  project: ProjectId;
  appUserId: number;
  seed: string | number;
  /** Mean downloads per day at the start of the period. */
  dailyDownloads: number;
  /** Relative growth over the whole period (0.5 = +50 %). */
  growth: number;
}

const DAY_MS = 86_400_000;
const MB = 1024 * 1024;

const COUNTRIES: ReadonlyArray<readonly [string | null, number]> = [
  ['US', 14], ['DE', 6], ['GB', 5], ['FR', 4], ['CA', 2], ['JP', 2], ['IT', 3], ['ES', 3], ['KR', 1], ['AE', 1],
  ['PL', 3], ['BR', 4], ['MX', 2], ['TR', 3], ['KZ', 2], ['CO', 1], ['TH', 1], ['IN', 6], ['ID', 3], ['VN', 2],
  ['EG', 1], ['PK', 2], ['NG', 1], ['BD', 1], ['RU', 10], ['UA', 6], ['AQ', 1], [null, 2],
];
const REFERRERS: ReadonlyArray<readonly [string | null, number]> = [
  [null, 30],
  ['https://www.google.com/search', 12],
  ['https://forum.example-music.net/threads/123', 8],
  ['https://forum.example-music.net/threads/456', 4],
  ['https://warez-blog.example.org/2026/new-releases', 6],
  ['https://t.me/s/example_channel', 5],
  ['https://vk.com/wall-1_2', 4],
  ['https://reddit.com/r/example/comments/abc', 3],
];
const FOLDERS = ['Music', 'Movies', 'Software', 'Books', 'Games'];
const TARIFFS: ReadonlyArray<readonly [string, number, number]> = [
  ['1 day', 1_990_000, 2],
  ['30 days', 9_990_000, 5],
  ['90 days', 24_990_000, 2],
  ['365 days', 59_990_000, 1],
];
const PAYMENT_SYSTEMS = ['card', 'paypal', 'crypto', 'qiwi', 'sms'];
const SITE_DOMAINS = ['example-music.net', 'warez-blog.example.org', 'my-files.example.com'];
const PLAYERS: ReadonlyArray<readonly ['embed' | 'on_site' | 'full' | 'demo', number]> = [
  ['embed', 5],
  ['on_site', 3],
  ['full', 1],
  ['demo', 1],
];

interface SimFile {
  id: string;
  size: number;
  isVideo: boolean;
  uploadedAt: number;
  weight: number;
}

const iso = (t: number) => new Date(t).toISOString();

/**
 * Events of one partner in one project for the UTC days [fromDay, toDay) (ms of a UTC midnight), in time order,
 * day by day, never later than `now`. Follow-ups (refunds, status changes) that would fall after `now` are left out.
 */
export function* partnerEvents(plan: PartnerPlan, fromDay: number, toDay: number, now: number): Generator<IngestEventInput[]> {
  const rng = new Rng(`${plan.seed}:${plan.key}:${plan.project}`);
  const totalDays = Math.max(1, Math.round((toDay - fromDay) / DAY_MS));
  const files: SimFile[] = [];
  const copies: SimFile[] = [];
  let seq = 0;
  const id = (kind: string) => `${plan.key}-${plan.project}-${kind}-${++seq}`;
  const base = (type: string, at: number) => ({ id: id(type), type, at: iso(at), app_users_id: plan.appUserId });
  const repeatDownloaders = Array.from({ length: 40 }, (_, i) => `acc-${plan.key}-${i}`);
  const viewers = Array.from({ length: 60 }, (_, i) => `viewer-${plan.key}-${i}`);
  // Follow-ups scheduled for a later day: [time, event].
  let pending: Array<[number, IngestEventInput]> = [];

  const newFile = (at: number): IngestEventInput => {
    const small = rng.chance(0.55);
    const isVideo = rng.chance(0.15);
    const size = small ? rng.int(50 * 1024, 10 * MB) : rng.int(10 * MB + 1, isVideo ? 4096 * MB : 1500 * MB);
    const file: SimFile = { id: `${plan.key}-f${files.length + 1}`, size, isVideo, uploadedAt: at, weight: rng.next() ** 3 * 10 + 0.1 };
    files.push(file);
    return {
      ...base('file_uploaded', at),
      type: 'file_uploaded',
      file_id: file.id,
      name: `${isVideo ? 'video' : 'file'}_${files.length}.${isVideo ? 'mp4' : rng.pick(['zip', 'rar', 'mp3', 'pdf', 'exe'])}`,
      folder: rng.chance(0.4) ? null : rng.pick(FOLDERS),
      size_bytes: size,
      is_video: isVideo,
    } as IngestEventInput;
  };
  const pickFile = (pool: SimFile[]): SimFile | undefined => {
    if (pool.length === 0) return undefined;
    const total = pool.reduce((s, f) => s + f.weight, 0);
    let x = rng.next() * total;
    for (const f of pool) {
      x -= f.weight;
      if (x < 0) return f;
    }
    return pool[pool.length - 1];
  };

  for (let day = fromDay; day < toDay; day += DAY_MS) {
    const out: IngestEventInput[] = [];
    const dayIndex = Math.round((day - fromDay) / DAY_MS);
    const weekday = new Date(day).getUTCDay();
    const season = weekday === 0 || weekday === 6 ? 1.3 : weekday === 5 ? 1.1 : 1;
    const mean = plan.dailyDownloads * (1 + (plan.growth * dayIndex) / totalDays) * season;
    const time = () => day + Math.floor(rng.next() * DAY_MS);

    // New files: a few to start with, then a trickle.
    const uploads = dayIndex === 0 ? rng.int(8, 20) : rng.poisson(0.6);
    for (let i = 0; i < uploads; i++) out.push(newFile(day + rng.int(0, 3_600_000)));
    if (files.length > 3 && rng.chance(0.05)) {
      const f = rng.pick(files);
      out.push({ ...base('file_renamed', time()), type: 'file_renamed', file_id: f.id, name: `renamed_${seq}.zip` } as IngestEventInput);
    }
    if (files.length > 3 && rng.chance(0.04)) {
      const f = rng.pick(files);
      out.push({ ...base('file_moved', time()), type: 'file_moved', file_id: f.id, folder: rng.chance(0.3) ? null : rng.pick(FOLDERS) } as IngestEventInput);
    }
    if (files.length > 10 && rng.chance(0.02)) {
      const i = rng.int(0, files.length - 1);
      const [f] = files.splice(i, 1);
      out.push({ ...base('file_deleted', time()), type: 'file_deleted', file_id: f!.id } as IngestEventInput);
    }

    const downloads = rng.poisson(mean);
    for (let i = 0; i < downloads; i++) {
      const fromCopy = copies.length > 0 && rng.chance(0.08);
      const file = pickFile(fromCopy ? copies : files);
      if (!file) break;
      const at = Math.max(time(), file.uploadedAt + 60_000);
      if (at >= day + DAY_MS) continue;
      const referrer = rng.weighted(REFERRERS);
      // Sub-ID tags (decision 0206): the visitor came by a tagged link on part of the traffic; the host passes the
      // link's tag on the hit, the download and the sale it led to.
      const tag = subTag(rng);
      // Hits on the file page come before most downloads.
      if (rng.chance(0.9)) out.push({ ...base('page_hit', at - 30_000), type: 'page_hit', file_id: file.id, referrer, ...tag } as IngestEventInput);
      out.push({
        ...base('download', at),
        type: 'download',
        file_id: file.id,
        country: rng.weighted(COUNTRIES),
        downloader_id: rng.chance(0.35) ? rng.pick(repeatDownloaders) : `ip-${rng.int(1, 1_000_000_000).toString(36)}`,
        completed: rng.chance(0.85),
        referrer,
        ...tag,
      } as IngestEventInput);
      if (rng.chance(0.012)) {
        const copy: SimFile = { id: `${plan.key}-c${copies.length + 1}`, size: file.size, isVideo: file.isVideo, uploadedAt: at + 1000, weight: file.weight / 3 };
        copies.push(copy);
        out.push({
          ...base('file_copied', at + 1000),
          type: 'file_copied',
          file_id: copy.id,
          original_file_id: file.id,
          copy_account_id: `other-${rng.int(1, 99999)}`,
          name: `copy_of_${file.id}`,
          size_bytes: file.size,
          is_video: file.isVideo,
        } as IngestEventInput);
      }
      // Premium sales: about one per 60 downloads.
      if (rng.chance(1 / 60)) {
        const [tariff, amount] = rng.weighted(TARIFFS.map(([name, price, w]) => [[name, price] as const, w] as const));
        const revenue = rng.weighted([
          ['direct', 55],
          ['promo_link', 10],
          ['site_referral', 10],
          ['file_copy', fromCopy ? 40 : 0],
        ] as const);
        const saleId = `${plan.key}-${plan.project}-sale-${seq + 1}`;
        const saleAt = at + rng.int(60_000, 1_800_000);
        const status = rng.chance(0.2) ? 'hold' : 'ok';
        const siteDomain = revenue === 'site_referral' ? rng.pick(SITE_DOMAINS) : null;
        out.push({
          ...base('sale', saleAt),
          type: 'sale',
          sale_id: saleId,
          amount_micro: amount,
          revenue_type: revenue,
          file_id: file.id,
          site_domain: siteDomain,
          buyer_email: `buyer${rng.int(1, 99999)}@${rng.pick(['gmail.com', 'mail.ru', 'yahoo.com', 'outlook.com'])}`,
          payment_system: rng.pick(PAYMENT_SYSTEMS),
          tariff,
          country: rng.weighted(COUNTRIES),
          status,
          // The buyer came from a page (the referring site's, or the download's referrer) and, for a video, from
          // one of the players.
          referrer: siteDomain ? `https://${siteDomain}/files/${file.id}` : referrer,
          ...(file.isVideo ? { player_type: rng.weighted(PLAYERS) } : {}),
          ...tag,
        } as IngestEventInput);
        const follow = (after: number, st: string, fraud?: boolean) =>
          pending.push([saleAt + after, { ...base('sale_status', saleAt + after), type: 'sale_status', sale_id: saleId, status: st, ...(fraud === undefined ? {} : { fraud }) } as IngestEventInput]);
        if (status === 'hold') follow(rng.int(1, 3) * DAY_MS, 'ok');
        const fate = rng.next();
        if (fate < 0.05) follow(rng.int(1, 12) * DAY_MS, 'refund');
        else if (fate < 0.08) follow(rng.int(1, 5) * DAY_MS, 'void');
        else if (fate < 0.1) follow(rng.int(1, 5) * DAY_MS, 'hold', true);
        // Rebills of monthly tariffs.
        if (amount === 9_990_000 && rng.chance(0.3)) {
          for (let m = 1; m <= 3; m++) {
            const rebillAt = saleAt + m * 30 * DAY_MS;
            pending.push([
              rebillAt,
              {
                ...base('sale', rebillAt),
                type: 'sale',
                sale_id: `${saleId}-r${m}`,
                amount_micro: amount,
                revenue_type: 'rebill',
                file_id: file.id,
                buyer_email: 'rebill@example.com',
                payment_system: 'card',
                tariff,
                country: 'US',
                // The host kept the purchase's tag with the subscription; now and then it does not send it.
                ...(m < 3 ? tag : {}),
              } as IngestEventInput,
            ]);
          }
        }
      }
    }
    // Page hits without a download.
    const hits = rng.poisson(mean * 0.5);
    for (let i = 0; i < hits; i++) out.push({ ...base('page_hit', time()), type: 'page_hit', file_id: null, referrer: rng.weighted(REFERRERS) } as IngestEventInput);
    // Video views.
    const videos = files.filter((f) => f.isVideo);
    if (videos.length) {
      const views = rng.poisson(mean * 0.4);
      for (let i = 0; i < views; i++) {
        const f = pickFile(videos)!;
        const at = Math.max(time(), f.uploadedAt + 60_000);
        if (at >= day + DAY_MS) continue;
        out.push({
          ...base('video_view', at),
          type: 'video_view',
          file_id: f.id,
          player_type: rng.weighted(PLAYERS),
          viewer_id: rng.chance(0.5) ? rng.pick(viewers) : `v-${rng.int(1, 1e9).toString(36)}`,
          seconds: rng.int(5, 1800),
          ...subTag(rng),
        } as IngestEventInput);
      }
    }
    const due = pending.filter(([t]) => t < day + DAY_MS);
    pending = pending.filter(([t]) => t >= day + DAY_MS);
    out.push(...due.map(([, e]) => e));
    yield out.filter((e) => Date.parse(e.at) <= now).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  }
}

/** The partner's link tags (`?sub=`), as partners name them. */
export const SUB_TAGS = ['forum-x', 'tg.channel', 'yt_review', 'reddit-2026', 'blog.main'] as const;

/** A visit's tag: about 40 % of the traffic came by a tagged link (`{ sub_id }`), the rest by untagged ones (`{}`). */
export function subTag(rng: Rng): { sub_id?: string } {
  return rng.chance(0.4) ? { sub_id: rng.weighted(SUB_TAGS.map((t, i) => [t, SUB_TAGS.length - i] as const)) } : {};
}

/** A few events at about `now` for the live trickle (ids from the clock and a counter). */
export function liveEvents(rng: Rng, plan: Pick<PartnerPlan, 'key' | 'project' | 'appUserId'>, fileIds: string[], now: number, counter: number): IngestEventInput[] {
  const out: IngestEventInput[] = [];
  const id = (n: number) => `${plan.key}-${plan.project}-live-${now}-${counter}-${n}`;
  const n = rng.int(1, 6);
  for (let i = 0; i < n; i++) {
    const at = iso(now - rng.int(0, 2000));
    const file = fileIds.length ? rng.pick(fileIds) : undefined;
    if (!file) break;
    const referrer = rng.weighted(REFERRERS);
    out.push({ id: id(i * 3), type: 'page_hit', at, app_users_id: plan.appUserId, file_id: file, referrer } as IngestEventInput);
    out.push({
      id: id(i * 3 + 1),
      type: 'download',
      at,
      app_users_id: plan.appUserId,
      file_id: file,
      country: rng.weighted(COUNTRIES),
      downloader_id: `ip-${rng.int(1, 1e9).toString(36)}`,
      completed: rng.chance(0.85),
      referrer,
    } as IngestEventInput);
    if (rng.chance(0.02)) {
      out.push({
        id: id(i * 3 + 2),
        type: 'sale',
        at,
        app_users_id: plan.appUserId,
        sale_id: `${plan.key}-${plan.project}-live-sale-${now}-${counter}-${i}`,
        amount_micro: 9_990_000,
        revenue_type: 'direct',
        file_id: file,
        buyer_email: 'live@example.com',
        payment_system: 'card',
        tariff: '30 days',
        country: rng.weighted(COUNTRIES),
        referrer,
      } as IngestEventInput);
    }
  }
  return out;
}
