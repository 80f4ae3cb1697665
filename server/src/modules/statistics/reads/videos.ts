import { sql, type SQL } from 'drizzle-orm';
import {
  resolveRange,
  dayOf,
  type DayRange,
  type ProjectId,
  type VideosStatAnswer,
  type VideosStatQuery,
} from '@pc/core';
import type { Database } from '../../../db/client.ts';
import { num, str, type Row } from '../../../db/sql.ts';
import { anyNonZero, dir, offsetOf, pageWithTotals, underTag } from './common.ts';

/** The videos screen's reads (statistics; shared parts in common.ts). */
/**
 * Video rows, all from the per-player rollup: views, viewers, files, and the video sales that count (ok, hold)
 * with the partner's share of them. Embed viewers are the distinct viewers of the embed player. The `all` row
 * holds every video sale, also those whose event named no player type. A day whose figures for the filter are
 * all zero (say a refunded sale) is left out.
 */
/**
 * The days of a range. One day is asked as equal to it, not as between two: a range's rows are estimated only when
 * planned for its bounds, so a prepared read of today was planned anew at each call (planning cost six times its
 * run); a day's rows are estimated alike in every plan, and the plan is kept (decision 0225).
 */
const daysOf = (range: DayRange) =>
  range.from === range.to ? sql`day = ${range.from}::date` : sql`day between ${range.from}::date and ${range.to}::date`;

function videoDays(
  userId: number,
  project: ProjectId,
  range: DayRange,
  player: string,
  unit: 'day' | 'week' | 'month',
  subId: string | undefined,
): SQL {
  if (subId !== undefined) return taggedVideoDays(userId, project, range, player, unit, subId);
  const withEmbed = player === 'all' || player === 'embed';
  return sql`
    with v as (
      select day, sum(views) filter (where player_type = ${player}) as views,
             sum(unique_viewers) filter (where player_type = ${player}) as unique_viewers,
             sum(video_files) filter (where player_type = ${player}) as video_files,
             ${withEmbed ? sql`sum(unique_viewers) filter (where player_type = 'embed')` : sql`0::bigint`} as embed_viewers,
             sum(sales) filter (where player_type = ${player}) as sales,
             sum(sale_earned_micro) filter (where player_type = ${player}) as sum
      from ingest_daily_video
      where user_id = ${userId} and project = ${project} and ${daysOf(range)}
        and player_type in (${player}, ${withEmbed ? 'embed' : player})
      group by day
    )
    select to_char(date_trunc(${unit}, day), 'YYYY-MM-DD') as date,
           coalesce(sum(video_files), 0)::bigint as video_files, coalesce(sum(views), 0)::bigint as views,
           coalesce(sum(unique_viewers), 0)::bigint as unique_viewers, coalesce(sum(embed_viewers), 0)::bigint as embed_viewers,
           coalesce(sum(sales), 0)::bigint as sales, coalesce(sum(sum), 0)::bigint as sum
    from v
    where coalesce(views, 0) <> 0 or coalesce(unique_viewers, 0) <> 0 or coalesce(video_files, 0) <> 0
       or coalesce(embed_viewers, 0) <> 0 or coalesce(sales, 0) <> 0 or coalesce(sum, 0) <> 0
    group by 1`;
}

const TAGGED_VIDEO_FIGURES = ['views', 'sales', 'sale_earned_micro'] as const;

/**
 * One tag's video days (decision 0209) from the per-player rollup's tagged twin: views and the video sales; distinct
 * viewers and video files are not kept per tag, so they are null.
 */
function taggedVideoDays(userId: number, project: ProjectId, range: DayRange, player: string, unit: 'day' | 'week' | 'month', subId: string): SQL {
  const where = sql`user_id = ${userId} and project = ${project} and day between ${range.from}::date and ${range.to}::date and player_type = ${player}`;
  const rows = underTag({
    whole: sql`select day, ${sql.raw(TAGGED_VIDEO_FIGURES.join(', '))} from ingest_daily_video where ${where}`,
    twinTable: 'ingest_daily_video_tag',
    keys: ['day'],
    figures: TAGGED_VIDEO_FIGURES,
    where,
    subId,
  });
  return sql`
    select to_char(date_trunc(${unit}, day), 'YYYY-MM-DD') as date, null::bigint as video_files, coalesce(sum(views), 0)::bigint as views,
           null::bigint as unique_viewers, null::bigint as embed_viewers,
           coalesce(sum(sales), 0)::bigint as sales, coalesce(sum(sale_earned_micro), 0)::bigint as sum
    from (${rows}) r group by 1 having ${anyNonZero(TAGGED_VIDEO_FIGURES)}`;
}

/** A video row; under a tag the distinct counts are null (not kept per tag). */
const videoOf = (r: Row, tagged: boolean) => {
  const distinct = (v: unknown) => (tagged ? null : num(v));
  return {
    video_files: distinct(r.video_files),
    views: num(r.views),
    unique_viewers: distinct(r.unique_viewers),
    embed_viewers: distinct(r.embed_viewers),
    sales: num(r.sales),
    sum: num(r.sum),
  };
};

export async function videosStat(
  database: Database,
  userId: number,
  q: VideosStatQuery,
  now: Date,
): Promise<VideosStatAnswer> {
  const range = resolveRange(q, now);
  const figures = ['video_files', 'views', 'unique_viewers', 'embed_viewers', 'sales', 'sum'];
  const { total, sums, page } = await pageWithTotals(database, {
    rows: videoDays(userId, q.app, range, q.player_type, q.grouping, q.sub_id),
    order: sql`date ${dir(q.sort_dir)}`,
    limit: q.per_page,
    offset: offsetOf(q),
    columns: ['date', ...figures],
    summed: figures,
  });
  const tagged = q.sub_id !== undefined;
  return {
    data: page.map((r) => ({ date: str(r.date), ...videoOf(r, tagged) })),
    meta: { page: q.page, per_page: q.per_page, total },
    totals: videoOf(sums, tagged),
    range,
  };
}

export async function videosToday(
  database: Database,
  userId: number,
  project: ProjectId,
  player: string,
  now: Date,
  subId?: string,
) {
  const today = dayOf(now);
  const rows = await database.query<Row>(
    videoDays(userId, project, { from: today, to: today }, player, 'day', subId),
    { prepared: true },
  );
  return { date: today, ...videoOf(rows[0] ?? {}, subId !== undefined) };
}
