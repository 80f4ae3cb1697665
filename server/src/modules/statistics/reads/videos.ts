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
import { dir, offsetOf } from './common.ts';

/** The videos screen's reads (statistics; shared parts in common.ts). */
/**
 * Video rows, all from the per-player rollup: views, viewers, files, and the video sales that count (ok, hold)
 * with the partner's share of them. Embed viewers are the distinct viewers of the embed player. The `all` row
 * holds every video sale, also those whose event named no player type. A day whose figures for the filter are
 * all zero (say a refunded sale) is left out.
 */
function videoDays(
  userId: number,
  project: ProjectId,
  range: DayRange,
  player: string,
  unit: 'day' | 'week' | 'month',
): SQL {
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
      where user_id = ${userId} and project = ${project} and day between ${range.from}::date and ${range.to}::date
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

const videoOf = (r: Row) => ({
  video_files: num(r.video_files),
  views: num(r.views),
  unique_viewers: num(r.unique_viewers),
  embed_viewers: num(r.embed_viewers),
  sales: num(r.sales),
  sum: num(r.sum),
});

export async function videosStat(
  database: Database,
  userId: number,
  q: VideosStatQuery,
  now: Date,
): Promise<VideosStatAnswer> {
  const range = resolveRange(q, now);
  const rows = await database.query<Row>(sql`
    with g as (${videoDays(userId, q.app, range, q.player_type, q.grouping)})
    select g.*, count(*) over () as total_rows,
           sum(video_files) over () as t_video_files, sum(views) over () as t_views,
           sum(unique_viewers) over () as t_unique_viewers, sum(embed_viewers) over () as t_embed_viewers,
           sum(sales) over () as t_sales, sum(sum) over () as t_sum
    from g order by date ${dir(q.sort_dir)}
    limit ${q.per_page} offset ${offsetOf(q)}`);
  const first = rows[0] ?? {};
  return {
    data: rows.map((r) => ({ date: str(r.date), ...videoOf(r) })),
    meta: { page: q.page, per_page: q.per_page, total: num(first.total_rows) },
    totals: {
      video_files: num(first.t_video_files),
      views: num(first.t_views),
      unique_viewers: num(first.t_unique_viewers),
      embed_viewers: num(first.t_embed_viewers),
      sales: num(first.t_sales),
      sum: num(first.t_sum),
    },
    range,
  };
}

export async function videosToday(
  database: Database,
  userId: number,
  project: ProjectId,
  player: string,
  now: Date,
) {
  const today = dayOf(now);
  const rows = await database.query<Row>(
    videoDays(userId, project, { from: today, to: today }, player, 'day'),
  );
  return { date: today, ...videoOf(rows[0] ?? {}) };
}
