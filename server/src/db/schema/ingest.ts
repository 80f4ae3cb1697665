import { bigint, boolean, date, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Tables of migration 0100_ingest.sql (comments there). Raw events are partitioned by month in SQL.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });
const day = (name: string) => date(name, { mode: 'string' });

export const ingestEventKeys = pgTable(
  'ingest_event_keys',
  {
    project: text('project').notNull(),
    eventId: text('event_id').notNull(),
    at: ts('at').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  // Partitioned by the month of `at` in SQL (migration 0795), as the raw events are: the key holds the time.
  (t) => [primaryKey({ columns: [t.project, t.eventId, t.at] })],
);

export const ingestEvents = pgTable('ingest_events', {
  project: text('project').notNull(),
  eventId: text('event_id').notNull(),
  type: text('type').notNull(),
  at: ts('at').notNull(),
  userId: big('user_id').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
});

export const partnerSites = pgTable('partner_sites', {
  id: big('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: big('user_id').notNull(),
  project: text('project').notNull(),
  domain: text('domain').notNull(),
  status: text('status').$type<'not_verified' | 'active' | 'banned' | 'deleted'>().notNull().default('not_verified'),
  token: text('token').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  // Migration 0510_sites.sql (decision 0141).
  origin: text('origin'),
  verifiedAt: ts('verified_at'),
  verifiedBy: text('verified_by').$type<'file' | 'meta'>(),
  checkedAt: ts('checked_at'),
  checkError: text('check_error'),
  checkStatus: integer('check_status'),
  deletedAt: ts('deleted_at'),
  // Migration 0560_site_rechecks.sql (decision 0152).
  provedAt: ts('proved_at'),
  recheckFailures: integer('recheck_failures').notNull().default(0),
  lapsedAt: ts('lapsed_at'),
});

/** One verification token per partner (0510_sites.sql): the file and the meta tag of every site carry it. */
export const partnerSiteTokens = pgTable('partner_site_tokens', {
  userId: big('user_id').primaryKey(),
  token: text('token').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ingestFiles = pgTable(
  'ingest_files',
  {
    project: text('project').notNull(),
    fileId: text('file_id').notNull(),
    userId: big('user_id').notNull(),
    kind: text('kind').$type<'file' | 'copy'>().notNull().default('file'),
    known: boolean('known').notNull().default(false),
    uploadedAt: ts('uploaded_at'),
    uploadEventId: text('upload_event_id'),
    sizeBytes: big('size_bytes'),
    isVideo: boolean('is_video').notNull().default(false),
    copyOfFileId: text('copy_of_file_id'),
    copyAccountId: text('copy_account_id'),
    name: text('name').notNull().default(''),
    nameAt: ts('name_at'),
    nameEventId: text('name_event_id'),
    folder: text('folder'),
    folderAt: ts('folder_at'),
    folderEventId: text('folder_event_id'),
    deletedAt: ts('deleted_at'),
  },
  (t) => [primaryKey({ columns: [t.project, t.fileId] })],
);

export const ingestSales = pgTable(
  'ingest_sales',
  {
    project: text('project').notNull(),
    saleId: text('sale_id').notNull(),
    userId: big('user_id').notNull(),
    known: boolean('known').notNull().default(false),
    at: ts('at'),
    saleEventId: text('sale_event_id'),
    amountMicro: big('amount_micro'),
    revenueType: text('revenue_type'),
    fileId: text('file_id'),
    siteDomain: text('site_domain'),
    siteUserId: big('site_user_id'),
    buyerEmail: text('buyer_email'),
    paymentSystem: text('payment_system'),
    tariff: text('tariff'),
    country: text('country'),
    countryGroup: text('country_group'),
    status: text('status').$type<'ok' | 'hold' | 'void' | 'refund'>().notNull().default('ok'),
    statusAt: ts('status_at'),
    statusEventId: text('status_event_id'),
    fraud: boolean('fraud').notNull().default(false),
    fraudAt: ts('fraud_at'),
    fraudEventId: text('fraud_event_id'),
    appliedSales: integer('applied_sales').notNull().default(0),
    appliedAmountMicro: big('applied_amount_micro').notNull().default(0),
    appliedShareMicro: big('applied_share_micro').notNull().default(0),
    appliedSiteMicro: big('applied_site_micro').notNull().default(0),
    appliedBucket: text('applied_bucket').$type<'sale' | 'copy' | 'video'>().notNull().default('sale'),
    appliedCoinSales: integer('applied_coin_sales').notNull().default(0),
    appliedRefunds: integer('applied_refunds').notNull().default(0),
    /** Video sales: the player the buyer came from (embed, on_site, full, demo); null if not given. */
    playerType: text('player_type').$type<'embed' | 'on_site' | 'full' | 'demo'>(),
    /** The page the buyer came from, reduced like a download's referrer; '' if not given. */
    referrerDomain: text('referrer_domain').notNull().default(''),
    referrerUrl: text('referrer_url').notNull().default(''),
    /** The sub-ID tag it was sold with ('' = no tag, decision 0206). */
    subId: text('sub_id').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.project, t.saleId] })],
);

export const ingestDownloadFirsts = pgTable(
  'ingest_download_firsts',
  {
    project: text('project').notNull(),
    fileId: text('file_id').notNull(),
    downloaderId: text('downloader_id').notNull(),
    day: day('day').notNull(),
    userId: big('user_id').notNull(),
    eventId: text('event_id').notNull(),
    at: ts('at').notNull(),
    countryGroup: text('country_group').notNull(),
    referrerDomain: text('referrer_domain').notNull(),
    referrerUrl: text('referrer_url').notNull(),
    /** The tag of the download that is the first (decision 0206). */
    subId: text('sub_id').notNull().default(''),
    appliedCounted: integer('applied_counted').notNull().default(0),
    appliedEarnedMicro: big('applied_earned_micro').notNull().default(0),
    appliedCopy: boolean('applied_copy').notNull().default(false),
    /** `counted`, or the reason it does not count (core's downloadDecision; decision 0200). */
    appliedReason: text('applied_reason').notNull().default('counted'),
  },
  (t) => [primaryKey({ columns: [t.project, t.fileId, t.downloaderId, t.day] })],
);

export const ingestDayUniques = pgTable(
  'ingest_day_uniques',
  {
    project: text('project').notNull(),
    userId: big('user_id').notNull(),
    day: day('day').notNull(),
    kind: text('kind').notNull(),
    dim: text('dim').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.project, t.userId, t.day, t.kind, t.dim, t.value] })],
);

export const ingestDaily = pgTable(
  'ingest_daily',
  {
    userId: big('user_id').notNull(),
    project: text('project').notNull(),
    day: day('day').notNull(),
    hits: big('hits').notNull().default(0),
    downloads: big('downloads').notNull().default(0),
    downloadsCompleted: big('downloads_completed').notNull().default(0),
    uniqueDownloads: big('unique_downloads').notNull().default(0),
    countedDownloads: big('counted_downloads').notNull().default(0),
    downloadEarnedMicro: big('download_earned_micro').notNull().default(0),
    copyDownloadEarnedMicro: big('copy_download_earned_micro').notNull().default(0),
    sales: big('sales').notNull().default(0),
    salesAmountMicro: big('sales_amount_micro').notNull().default(0),
    saleEarnedMicro: big('sale_earned_micro').notNull().default(0),
    copySaleEarnedMicro: big('copy_sale_earned_micro').notNull().default(0),
    videoSales: big('video_sales').notNull().default(0),
    videoSaleEarnedMicro: big('video_sale_earned_micro').notNull().default(0),
    coinSales: big('coin_sales').notNull().default(0),
    refunds: big('refunds').notNull().default(0),
    siteSales: big('site_sales').notNull().default(0),
    siteEarnedMicro: big('site_earned_micro').notNull().default(0),
    earnedMicro: big('earned_micro').notNull().default(0),
    copies: big('copies').notNull().default(0),
    filesUploaded: big('files_uploaded').notNull().default(0),
    videoViews: big('video_views').notNull().default(0),
    // Downloads that did not count, by reason (decision 0200, migration 0780).
    uncountedRefused: big('uncounted_refused').notNull().default(0),
    uncountedRepeat: big('uncounted_repeat').notNull().default(0),
    uncountedFileUnavailable: big('uncounted_file_unavailable').notNull().default(0),
    uncountedSmallFile: big('uncounted_small_file').notNull().default(0),
    uncountedPpsPlan: big('uncounted_pps_plan').notNull().default(0),
    uncountedUnpaidGroup: big('uncounted_unpaid_group').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project, t.day] })],
);

export const ingestDailyCountry = pgTable(
  'ingest_daily_country',
  {
    userId: big('user_id').notNull(),
    project: text('project').notNull(),
    day: day('day').notNull(),
    countryGroup: text('country_group').notNull(),
    downloads: big('downloads').notNull().default(0),
    countedDownloads: big('counted_downloads').notNull().default(0),
    downloadEarnedMicro: big('download_earned_micro').notNull().default(0),
    sales: big('sales').notNull().default(0),
    saleEarnedMicro: big('sale_earned_micro').notNull().default(0),
    // Downloads that did not count, by reason (decision 0200, migration 0780).
    uncountedRefused: big('uncounted_refused').notNull().default(0),
    uncountedRepeat: big('uncounted_repeat').notNull().default(0),
    uncountedFileUnavailable: big('uncounted_file_unavailable').notNull().default(0),
    uncountedSmallFile: big('uncounted_small_file').notNull().default(0),
    uncountedPpsPlan: big('uncounted_pps_plan').notNull().default(0),
    uncountedUnpaidGroup: big('uncounted_unpaid_group').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project, t.day, t.countryGroup] })],
);

export const ingestDailyFile = pgTable(
  'ingest_daily_file',
  {
    userId: big('user_id').notNull(),
    project: text('project').notNull(),
    day: day('day').notNull(),
    fileId: text('file_id').notNull(),
    downloads: big('downloads').notNull().default(0),
    countedDownloads: big('counted_downloads').notNull().default(0),
    videoViews: big('video_views').notNull().default(0),
    sales: big('sales').notNull().default(0),
    earnedMicro: big('earned_micro').notNull().default(0),
    // Downloads that did not count, by reason (decision 0200, migration 0780).
    uncountedRefused: big('uncounted_refused').notNull().default(0),
    uncountedRepeat: big('uncounted_repeat').notNull().default(0),
    uncountedFileUnavailable: big('uncounted_file_unavailable').notNull().default(0),
    uncountedSmallFile: big('uncounted_small_file').notNull().default(0),
    uncountedPpsPlan: big('uncounted_pps_plan').notNull().default(0),
    uncountedUnpaidGroup: big('uncounted_unpaid_group').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project, t.day, t.fileId] })],
);

export const ingestDailySource = pgTable(
  'ingest_daily_source',
  {
    userId: big('user_id').notNull(),
    project: text('project').notNull(),
    day: day('day').notNull(),
    domain: text('domain').notNull(),
    url: text('url').notNull(),
    hits: big('hits').notNull().default(0),
    downloads: big('downloads').notNull().default(0),
    uniqueDownloads: big('unique_downloads').notNull().default(0),
    purchases: big('purchases').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project, t.day, t.domain, t.url] })],
);

export const ingestDailyVideo = pgTable(
  'ingest_daily_video',
  {
    userId: big('user_id').notNull(),
    project: text('project').notNull(),
    day: day('day').notNull(),
    playerType: text('player_type').notNull(),
    views: big('views').notNull().default(0),
    uniqueViewers: big('unique_viewers').notNull().default(0),
    videoFiles: big('video_files').notNull().default(0),
    seconds: big('seconds').notNull().default(0),
    /** Video sales that count (ok, hold) and the partner's share of them; `all` also has those without a player. */
    sales: big('sales').notNull().default(0),
    saleEarnedMicro: big('sale_earned_micro').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project, t.day, t.playerType] })],
);

/** Per sub-ID tag ('' = no tag, decision 0206); sales without rebills, rebills apart. */
export const ingestDailyTag = pgTable(
  'ingest_daily_tag',
  {
    userId: big('user_id').notNull(),
    project: text('project').notNull(),
    day: day('day').notNull(),
    subId: text('sub_id').notNull(),
    hits: big('hits').notNull().default(0),
    downloads: big('downloads').notNull().default(0),
    countedDownloads: big('counted_downloads').notNull().default(0),
    sales: big('sales').notNull().default(0),
    rebills: big('rebills').notNull().default(0),
    refunds: big('refunds').notNull().default(0),
    videoViews: big('video_views').notNull().default(0),
    earnedMicro: big('earned_micro').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project, t.day, t.subId] })],
);

/**
 * The tagged events of the country, file, source and video rollups, the tag added to their keys (decision 0209): rows only for
 * tagged events; "no tag" is the whole rollup less these. Distinct viewers and video files are not kept per tag.
 */
export const ingestDailyFileTag = pgTable(
  'ingest_daily_file_tag',
  {
    userId: big('user_id').notNull(),
    project: text('project').notNull(),
    day: day('day').notNull(),
    subId: text('sub_id').notNull(),
    fileId: text('file_id').notNull(),
    downloads: big('downloads').notNull().default(0),
    countedDownloads: big('counted_downloads').notNull().default(0),
    videoViews: big('video_views').notNull().default(0),
    sales: big('sales').notNull().default(0),
    earnedMicro: big('earned_micro').notNull().default(0),
    uncountedRefused: big('uncounted_refused').notNull().default(0),
    uncountedRepeat: big('uncounted_repeat').notNull().default(0),
    uncountedFileUnavailable: big('uncounted_file_unavailable').notNull().default(0),
    uncountedSmallFile: big('uncounted_small_file').notNull().default(0),
    uncountedPpsPlan: big('uncounted_pps_plan').notNull().default(0),
    uncountedUnpaidGroup: big('uncounted_unpaid_group').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project, t.day, t.subId, t.fileId] })],
);

export const ingestDailyCountryTag = pgTable(
  'ingest_daily_country_tag',
  {
    userId: big('user_id').notNull(),
    project: text('project').notNull(),
    day: day('day').notNull(),
    subId: text('sub_id').notNull(),
    countryGroup: text('country_group').notNull(),
    downloads: big('downloads').notNull().default(0),
    countedDownloads: big('counted_downloads').notNull().default(0),
    downloadEarnedMicro: big('download_earned_micro').notNull().default(0),
    sales: big('sales').notNull().default(0),
    saleEarnedMicro: big('sale_earned_micro').notNull().default(0),
    uncountedRefused: big('uncounted_refused').notNull().default(0),
    uncountedRepeat: big('uncounted_repeat').notNull().default(0),
    uncountedFileUnavailable: big('uncounted_file_unavailable').notNull().default(0),
    uncountedSmallFile: big('uncounted_small_file').notNull().default(0),
    uncountedPpsPlan: big('uncounted_pps_plan').notNull().default(0),
    uncountedUnpaidGroup: big('uncounted_unpaid_group').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project, t.day, t.subId, t.countryGroup] })],
);

export const ingestDailySourceTag = pgTable(
  'ingest_daily_source_tag',
  {
    userId: big('user_id').notNull(),
    project: text('project').notNull(),
    day: day('day').notNull(),
    subId: text('sub_id').notNull(),
    domain: text('domain').notNull(),
    url: text('url').notNull(),
    hits: big('hits').notNull().default(0),
    downloads: big('downloads').notNull().default(0),
    uniqueDownloads: big('unique_downloads').notNull().default(0),
    purchases: big('purchases').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project, t.day, t.subId, t.domain, t.url] })],
);

export const ingestDailyVideoTag = pgTable(
  'ingest_daily_video_tag',
  {
    userId: big('user_id').notNull(),
    project: text('project').notNull(),
    day: day('day').notNull(),
    subId: text('sub_id').notNull(),
    playerType: text('player_type').notNull(),
    views: big('views').notNull().default(0),
    seconds: big('seconds').notNull().default(0),
    sales: big('sales').notNull().default(0),
    saleEarnedMicro: big('sale_earned_micro').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project, t.day, t.subId, t.playerType] })],
);

export const dirtyDays = pgTable(
  'dirty_days',
  {
    userId: big('user_id').notNull(),
    project: text('project').notNull(),
    day: day('day').notNull(),
    markedAt: ts('marked_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.project, t.day] })],
);
