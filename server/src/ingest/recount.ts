import { sql } from 'drizzle-orm';
import { COUNTRY_GROUPS, DEFAULT_PRODUCT, PLANS, type ProductConfig, type ProductVersion } from '@pc/core';
import type { Database } from '../db/client.ts';
import { loadProductVersions } from '../money/product.ts';
import { TABLES } from './rollups.ts';

/**
 * Recounts every rollup from the raw events alone, in SQL, independently of ingest's incremental fold (fold.ts),
 * and lists both as (table, key, column, value) rows without zeros. Tests compare the two; so can an operator.
 */
export interface Figure {
  tbl: string;
  k: string;
  col: string;
  v: number;
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/**
 * The settings as value tables, one numbered version per row of `ver` with the time range it is in force
 * (the defaults before the first); every event carries the number of the version of its time.
 */
function valuesTables(versions: readonly ProductVersion[]): string {
  const chain: Array<{ from: string; product: ProductConfig }> = [{ from: '-infinity', product: DEFAULT_PRODUCT }, ...versions];
  const ver = chain.map((v, i) => `(${i}, timestamptz ${lit(v.from)}, timestamptz ${lit(chain[i + 1]?.from ?? 'infinity')})`).join(', ');
  const perVersion = (row: (product: ProductConfig, vid: number) => string[]) => chain.flatMap((v, i) => row(v.product, i)).join(', ');
  const countries = perVersion((product, vid) =>
    Object.entries(product.countryGroups).flatMap(([group, list]) =>
      list.split(/\s+/).filter(Boolean).map((code) => `(${vid}, ${lit(code)}, ${lit(group)})`),
    ),
  );
  const rates = perVersion((product, vid) => PLANS.flatMap((plan) => COUNTRY_GROUPS.map((g) => `(${vid}, ${lit(plan)}, ${lit(g)}, ${product.downloadRates[plan][g]})`)));
  const shares = perVersion((product, vid) =>
    PLANS.flatMap((plan) => Object.entries(product.saleShares[plan]).map(([kind, bp]) => `(${vid}, ${lit(plan)}, ${lit(kind)}, ${bp})`)),
  );
  const params = perVersion((product, vid) => [`(${vid}, ${product.countedDownloadMinBytes}, ${product.siteReferralBonusBp}, ${lit(product.defaultPlan)})`]);
  return `
  ver(vid, vfrom, vto) as (values ${ver}),
  countries(vid, code, grp) as (values ${countries}),
  rates(vid, plan, grp, micro) as (values ${rates}),
  shares(vid, plan, kind, bp) as (values ${shares}),
  vparams(vid, min_bytes, site_bp, default_plan) as (values ${params}),`;
}

const half = (expr: string, bp: string) => `((${expr}) * (${bp}) * 2 + 10000) / 20000`;

/** The partner's plan at the time, else the default plan of the settings version `vid` of that time. */
function planAt(user: string, project: string, at: string, vid: string) {
  return `coalesce((select pp.plan from partner_plans pp where pp.user_id = ${user} and pp.project = ${project}
    and pp.effective_from <= ${at} order by pp.effective_from desc limit 1), (select default_plan from vparams dv where dv.vid = ${vid}))`;
}

export function recountSql(versions: readonly ProductVersion[] = []): string {
  return `
with ${valuesTables(versions)}
  ev as (
    select project, event_id, type, at, user_id, payload as p, to_char(at at time zone 'UTC', 'YYYY-MM-DD') as day,
      coalesce(payload->>'sub_id', '') as tag,
      (select vid from ver where e.at >= ver.vfrom and e.at < ver.vto) as vid
    from ingest_events e),
  files as (
    select distinct on (project, p->>'file_id') project, p->>'file_id' as file_id, (p->>'size_bytes')::bigint as size,
      coalesce((p->>'is_video')::boolean, false) as is_video, type = 'file_copied' as is_copy, user_id, day
    from ev where type in ('file_uploaded', 'file_copied')
    order by project, p->>'file_id', at, event_id collate "C"),
  dl as (
    select ev.*, p->>'file_id' as file_id, p->>'downloader_id' as downloader,
      coalesce((select grp from countries c where c.vid = ev.vid and c.code = p->>'country'), 'G') as grp,
      coalesce(lower(regexp_replace(substring(p->>'referrer' from '^[A-Za-z][A-Za-z0-9+.-]*://([^/:?#]+)'), '^www\\.', '', 'i')), '') as domain,
      coalesce((p->>'refused')::boolean, false) as refused,
      case when coalesce((p->>'refused')::boolean, false) then null else
        row_number() over (partition by project, p->>'file_id', p->>'downloader_id', day, coalesce((p->>'refused')::boolean, false)
          order by at, event_id collate "C") end as rn
    from ev where type = 'download'),
  dl2 as (
    select dl.*, case when domain = '' then '' else domain || coalesce(substring(p->>'referrer' from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*(/[^?#]*)'), '/') end as url
    from dl),
  deletions as (
    select project, p->>'file_id' as file_id, min(at) as deleted_at from ev where type = 'file_deleted' group by project, p->>'file_id'),
  firsts0 as (
    select d.*, coalesce(f.is_copy, false) as is_copy,
      case when f.file_id is null or f.user_id <> d.user_id or del.deleted_at <= d.at then 'file_unavailable'
           when not (f.size > v.min_bytes) then 'small_file'
           when (select max(micro) from rates r where r.vid = d.vid and r.plan = pl.plan) <= 0 then 'pps_plan'
           when (select micro from rates r where r.vid = d.vid and r.plan = pl.plan and r.grp = d.grp) <= 0 then 'unpaid_group'
           else 'counted' end as reason,
      (select micro from rates r where r.vid = d.vid and r.plan = pl.plan and r.grp = d.grp) as rate
    from dl2 d join vparams v on v.vid = d.vid left join files f on f.project = d.project and f.file_id = d.file_id
      left join deletions del on del.project = d.project and del.file_id = d.file_id
      cross join lateral (select ${planAt('d.user_id', 'd.project', 'd.at', 'd.vid')} as plan) pl
    where d.rn = 1),
  firsts as (
    select firsts0.*, reason = 'counted' as counted, case when reason = 'counted' then rate else 0 end as earned from firsts0),
  -- Every download not counted, by reason (decision 0200): refused ones, the repeats, and each first's reason.
  uncounted as (
    select user_id, project, day, grp, file_id, tag, case when refused then 'uncounted_refused' else 'uncounted_repeat' end as col
    from dl2 where rn is distinct from 1
    union all select user_id, project, day, grp, file_id, tag, 'uncounted_' || reason from firsts where reason <> 'counted'),
  sale_ev as (
    select distinct on (project, p->>'sale_id') project, p->>'sale_id' as sale_id, user_id, at, day, vid, (p->>'amount_micro')::bigint as amount,
      p->>'revenue_type' as revenue_type, tag, p->>'file_id' as file_id, lower(p->>'site_domain') as site_domain,
      coalesce((select grp from countries c where c.vid = ev.vid and c.code = p->>'country'), 'G') as grp, p->>'player_type' as player,
      coalesce(lower(regexp_replace(substring(p->>'referrer' from '^[A-Za-z][A-Za-z0-9+.-]*://([^/:?#]+)'), '^www\\.', '', 'i')), '') as ref_domain,
      substring(p->>'referrer' from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*(/[^?#]*)') as ref_path
    from ev where type = 'sale' order by project, p->>'sale_id', at, event_id collate "C"),
  status_ev as (
    select distinct on (project, p->>'sale_id') project, p->>'sale_id' as sale_id, coalesce(p->>'status', 'ok') as status
    from ev where type in ('sale', 'sale_status') order by project, p->>'sale_id', at desc, event_id collate "C" desc),
  fraud_ev as (
    select distinct on (project, p->>'sale_id') project, p->>'sale_id' as sale_id, (p->>'fraud')::boolean as fraud
    from ev where type = 'sale_status' and p ? 'fraud' order by project, p->>'sale_id', at desc, event_id collate "C" desc),
  sales0 as (
    select s.*, st.status in ('ok', 'hold') as counts, st.status = 'refund' as refunded, coalesce(fr.fraud, false) as fraud,
      coalesce(f.is_video, false) as is_video, s.revenue_type = 'file_copy' or coalesce(f.is_copy, false) as is_copy,
      case when s.revenue_type = 'site_referral' then
        (select min(ps.user_id) from partner_sites ps where ps.project = s.project and lower(ps.domain) = s.site_domain and ps.status = 'active')
      end as site_user_id,
      ${planAt('s.user_id', 's.project', 's.at', 's.vid')} as plan
    from sale_ev s join status_ev st using (project, sale_id) left join fraud_ev fr using (project, sale_id)
      left join files f on f.project = s.project and f.file_id = s.file_id),
  sales as (
    select s.*,
      case when counts then ${half('s.amount', `(select bp from shares sh where sh.vid = s.vid and sh.plan = s.plan and sh.kind =
        case when s.revenue_type = 'rebill' then (case when s.is_video then 'video_rebill' else 'rebill' end)
             else (case when s.is_video then 'video_sale' else 'sale' end) end)`)} else 0 end as share,
      case when counts and site_user_id is not null then ${half('s.amount', '(select site_bp from vparams v where v.vid = s.vid)')} else 0 end as site,
      case when is_copy then 'copy_sale_earned_micro' when is_video then 'video_sale_earned_micro' else 'sale_earned_micro' end as bucket,
      case when s.ref_domain <> '' then s.ref_domain else coalesce(s.site_domain, '') end as src_domain,
      case when s.ref_domain <> '' then s.ref_domain || coalesce(s.ref_path, '/') else '' end as src_url
    from sales0 s),
  vsales as (select sales.*, x.dim from sales cross join lateral (values (sales.player), ('all')) x(dim)
    where bucket = 'video_sale_earned_micro' and x.dim is not null),
  vv as (select ev.*, p->>'file_id' as file_id, p->>'player_type' as player, p->>'viewer_id' as viewer, (p->>'seconds')::bigint as seconds
    from ev where type = 'video_view'),
  vv2 as (select vv.*, x.dim from vv cross join lateral (values (vv.player), ('all')) x(dim)),
  hits as (
    select ev.*, coalesce(lower(regexp_replace(substring(p->>'referrer' from '^[A-Za-z][A-Za-z0-9+.-]*://([^/:?#]+)'), '^www\\.', '', 'i')), '') as domain
    from ev where type = 'page_hit'),
  hits2 as (
    select hits.*, case when domain = '' then '' else domain || coalesce(substring(p->>'referrer' from '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*(/[^?#]*)'), '/') end as url
    from hits),
  contrib(tbl, k, col, v) as (
    select 'daily', jsonb_build_array(user_id, project, day), 'hits', 1::bigint from hits2
    union all select 'source', jsonb_build_array(user_id, project, day, domain, url), 'hits', 1 from hits2
    union all select 'daily', jsonb_build_array(user_id, project, day), 'downloads', 1 from dl2
    union all select 'daily', jsonb_build_array(user_id, project, day), 'downloads_completed', 1 from dl2 where (p->>'completed')::boolean
    union all select 'country', jsonb_build_array(user_id, project, day, grp), 'downloads', 1 from dl2
    union all select 'file', jsonb_build_array(user_id, project, day, file_id), 'downloads', 1 from dl2
    union all select 'source', jsonb_build_array(user_id, project, day, domain, url), 'downloads', 1 from dl2
    union all select 'daily', jsonb_build_array(user_id, project, day), col, 1 from uncounted
    union all select 'country', jsonb_build_array(user_id, project, day, grp), col, 1 from uncounted
    union all select 'file', jsonb_build_array(user_id, project, day, file_id), col, 1 from uncounted
    union all select 'daily', jsonb_build_array(user_id, project, day), 'unique_downloads', 1 from firsts
    union all select 'source', jsonb_build_array(user_id, project, day, domain, url), 'unique_downloads', 1 from firsts
    union all select 'daily', jsonb_build_array(user_id, project, day), 'counted_downloads', 1 from firsts where counted
    union all select 'country', jsonb_build_array(user_id, project, day, grp), 'counted_downloads', 1 from firsts where counted
    union all select 'file', jsonb_build_array(user_id, project, day, file_id), 'counted_downloads', 1 from firsts where counted
    union all select 'daily', jsonb_build_array(user_id, project, day), case when is_copy then 'copy_download_earned_micro' else 'download_earned_micro' end, earned from firsts
    union all select 'daily', jsonb_build_array(user_id, project, day), 'earned_micro', earned from firsts
    union all select 'country', jsonb_build_array(user_id, project, day, grp), 'download_earned_micro', earned from firsts
    union all select 'file', jsonb_build_array(user_id, project, day, file_id), 'earned_micro', earned from firsts
    union all select 'daily', jsonb_build_array(user_id, project, day), 'sales', 1 from sales where counts
    union all select 'daily', jsonb_build_array(user_id, project, day), 'sales_amount_micro', amount from sales where counts
    union all select 'daily', jsonb_build_array(user_id, project, day), bucket, share from sales
    union all select 'daily', jsonb_build_array(user_id, project, day), 'earned_micro', share from sales
    union all select 'daily', jsonb_build_array(user_id, project, day), 'video_sales', 1 from sales where counts and bucket = 'video_sale_earned_micro'
    union all select 'daily', jsonb_build_array(user_id, project, day), 'coin_sales', 1 from sales where counts and not fraud
    union all select 'daily', jsonb_build_array(user_id, project, day), 'refunds', 1 from sales where refunded
    union all select 'country', jsonb_build_array(user_id, project, day, grp), 'sales', 1 from sales where counts
    union all select 'country', jsonb_build_array(user_id, project, day, grp), 'sale_earned_micro', share from sales
    union all select 'source', jsonb_build_array(user_id, project, day, src_domain, src_url), 'purchases', 1 from sales where counts
    union all select 'video', jsonb_build_array(user_id, project, day, dim), 'sales', 1 from vsales where counts
    union all select 'video', jsonb_build_array(user_id, project, day, dim), 'sale_earned_micro', share from vsales
    union all select 'file', jsonb_build_array(user_id, project, day, file_id), 'sales', 1 from sales where counts and file_id is not null
    union all select 'file', jsonb_build_array(user_id, project, day, file_id), 'earned_micro', share from sales where file_id is not null
    union all select 'daily', jsonb_build_array(site_user_id, project, day), 'site_sales', 1 from sales where site > 0
    union all select 'daily', jsonb_build_array(site_user_id, project, day), 'site_earned_micro', site from sales where site > 0
    union all select 'daily', jsonb_build_array(site_user_id, project, day), 'earned_micro', site from sales where site > 0
    union all select 'daily', jsonb_build_array(user_id, project, day), case when is_copy then 'copies' else 'files_uploaded' end, 1 from files
    union all select 'tag', jsonb_build_array(user_id, project, day, tag), 'hits', 1 from hits2
    union all select 'tag', jsonb_build_array(user_id, project, day, tag), 'downloads', 1 from dl2
    union all select 'tag', jsonb_build_array(user_id, project, day, tag), 'counted_downloads', 1 from firsts where counted
    union all select 'tag', jsonb_build_array(user_id, project, day, tag), 'earned_micro', earned from firsts
    union all select 'tag', jsonb_build_array(user_id, project, day, tag), case when revenue_type = 'rebill' then 'rebills' else 'sales' end, 1 from sales where counts
    union all select 'tag', jsonb_build_array(user_id, project, day, tag), 'refunds', 1 from sales where refunded
    union all select 'tag', jsonb_build_array(user_id, project, day, tag), 'earned_micro', share from sales
    union all select 'tag', jsonb_build_array(site_user_id, project, day, ''), 'earned_micro', site from sales where site > 0
    union all select 'tag', jsonb_build_array(user_id, project, day, tag), 'video_views', 1 from vv
    union all select 'daily', jsonb_build_array(user_id, project, day), 'video_views', 1 from vv
    union all select 'file', jsonb_build_array(user_id, project, day, file_id), 'video_views', 1 from vv
    union all select 'video', jsonb_build_array(user_id, project, day, dim), 'views', 1 from vv2
    union all select 'video', jsonb_build_array(user_id, project, day, dim), 'seconds', seconds from vv2
    union all select 'video', jsonb_build_array(user_id, project, day, dim), 'unique_viewers', count(distinct viewer) from vv2 group by user_id, project, day, dim
    union all select 'video', jsonb_build_array(user_id, project, day, dim), 'video_files', count(distinct file_id) from vv2 group by user_id, project, day, dim
    -- The tagged events of the country, file, source and video figures (decision 0209); no distinct counts per tag.
    union all select 'country_tag', jsonb_build_array(user_id, project, day, tag, grp), 'downloads', 1 from dl2 where tag <> ''
    union all select 'country_tag', jsonb_build_array(user_id, project, day, tag, grp), col, 1 from uncounted where tag <> ''
    union all select 'country_tag', jsonb_build_array(user_id, project, day, tag, grp), 'counted_downloads', 1 from firsts where counted and tag <> ''
    union all select 'country_tag', jsonb_build_array(user_id, project, day, tag, grp), 'download_earned_micro', earned from firsts where tag <> ''
    union all select 'country_tag', jsonb_build_array(user_id, project, day, tag, grp), 'sales', 1 from sales where counts and tag <> ''
    union all select 'country_tag', jsonb_build_array(user_id, project, day, tag, grp), 'sale_earned_micro', share from sales where tag <> ''
    union all select 'file_tag', jsonb_build_array(user_id, project, day, tag, file_id), 'downloads', 1 from dl2 where tag <> ''
    union all select 'file_tag', jsonb_build_array(user_id, project, day, tag, file_id), col, 1 from uncounted where tag <> ''
    union all select 'file_tag', jsonb_build_array(user_id, project, day, tag, file_id), 'counted_downloads', 1 from firsts where counted and tag <> ''
    union all select 'file_tag', jsonb_build_array(user_id, project, day, tag, file_id), 'earned_micro', earned from firsts where tag <> ''
    union all select 'file_tag', jsonb_build_array(user_id, project, day, tag, file_id), 'sales', 1 from sales where counts and file_id is not null and tag <> ''
    union all select 'file_tag', jsonb_build_array(user_id, project, day, tag, file_id), 'earned_micro', share from sales where file_id is not null and tag <> ''
    union all select 'file_tag', jsonb_build_array(user_id, project, day, tag, file_id), 'video_views', 1 from vv where tag <> ''
    union all select 'source_tag', jsonb_build_array(user_id, project, day, tag, domain, url), 'hits', 1 from hits2 where tag <> ''
    union all select 'source_tag', jsonb_build_array(user_id, project, day, tag, domain, url), 'downloads', 1 from dl2 where tag <> ''
    union all select 'source_tag', jsonb_build_array(user_id, project, day, tag, domain, url), 'unique_downloads', 1 from firsts where tag <> ''
    union all select 'source_tag', jsonb_build_array(user_id, project, day, tag, src_domain, src_url), 'purchases', 1 from sales where counts and tag <> ''
    union all select 'video_tag', jsonb_build_array(user_id, project, day, tag, dim), 'views', 1 from vv2 where tag <> ''
    union all select 'video_tag', jsonb_build_array(user_id, project, day, tag, dim), 'seconds', seconds from vv2 where tag <> ''
    union all select 'video_tag', jsonb_build_array(user_id, project, day, tag, dim), 'sales', 1 from vsales where counts and tag <> ''
    union all select 'video_tag', jsonb_build_array(user_id, project, day, tag, dim), 'sale_earned_micro', share from vsales where tag <> ''
  )
select tbl, k::text as k, col, sum(v)::bigint as v from contrib group by tbl, k, col having sum(v) <> 0`;
}

/** Every figure of every rollup table as (table, key, column, value) rows, the same shape as the recount's. */
export function rollupFiguresSql(): string {
  return Object.entries(TABLES)
    .map(([tbl, { table, keys, columns }]) => {
      const key = keys.map((k) => (k === 'day' ? 'day::text' : k)).join(', ');
      return `select '${tbl}' as tbl, jsonb_build_array(${key})::text as k, x.col, x.v::bigint as v from ${table}
         cross join lateral (values ${columns.map((c) => `('${c}', ${c})`).join(', ')}) x(col, v) where x.v <> 0`;
    })
    .join('\nunion all\n');
}

function sorted(rows: Figure[]): Figure[] {
  return rows
    .map((r) => ({ tbl: r.tbl, k: r.k, col: r.col, v: Number(r.v) }))
    .sort((a, b) => (a.tbl + a.k + a.col < b.tbl + b.k + b.col ? -1 : a.tbl + a.k + a.col > b.tbl + b.k + b.col ? 1 : 0));
}

/** The rollups as they are, and as recounted from the raw events. */
export async function recountAndRollups(database: Database): Promise<{ recount: Figure[]; rollups: Figure[] }> {
  const recount = await database.query<Figure>(sql.raw(recountSql(await loadProductVersions(database.db))));
  const rollups = await database.query<Figure>(sql.raw(rollupFiguresSql()));
  return { recount: sorted(recount), rollups: sorted(rollups) };
}
