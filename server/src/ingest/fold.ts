import { DEFAULT_PRODUCT, countryGroupOf, tagOf, type IngestEvent, type ProductConfig, type ProjectId } from '@pc/core';
import { appliedFirstContribution, applyContribution, applySaleFigures, firstContribution, saleContribution, type Contribution } from './contributions.ts';
import { addTagged, dayOf, decisionColumn, emptyRollups, type Rollups } from './rollups.ts';
import { firstKey, unknownFile, unknownSale, type DayUnique, type FileState, type FirstState, type PlanAt, type Registers, type SaleState } from './state.ts';

/**
 * The fold of a batch: its events change the state (latest name and folder, earliest upload, first download of
 * the day, a sale's facts and latest status) and add to the rollups; the first downloads and sales whose state
 * changed are then priced again (contributions.ts), their old contribution taken away and the new one added, so the
 * rollups receive exact differences whatever order the events arrive in (decision 0020). No database here: the
 * state comes in from state.ts, the differences go out through store.ts.
 */

/** Event version for last-writer-wins: event time, then event id (plain code-unit order, as SQL `collate "C"`). */
function newer(at: string, id: string, thanAt: string | null, thanId: string | null): boolean {
  if (thanAt === null || thanId === null) return true;
  if (at !== thanAt) return at > thanAt;
  return id > thanId;
}

/** The registrable-ish host of a referrer URL, lower case without `www.`; '' when absent or not a URL. */
export function referrerParts(referrer: string | null | undefined): { domain: string; url: string } {
  if (!referrer) return { domain: '', url: '' };
  try {
    const u = new URL(referrer);
    const domain = u.hostname.toLowerCase().replace(/^www\./, '');
    if (!domain) return { domain: '', url: '' };
    const url = `${domain}${u.pathname}`.slice(0, 500);
    return { domain, url };
  } catch {
    return { domain: '', url: '' };
  }
}

export class BatchFold {
  readonly r: Rollups = emptyRollups();
  readonly changedFiles = new Set<string>();
  readonly newlyKnownFiles = new Set<string>();
  readonly touchedSales = new Set<string>();
  readonly touchedFirsts = new Map<string, Contribution>(); // key -> contribution before this batch
  readonly uniques: DayUnique[] = [];
  /** A batch repeats few referrers many times; URL parsing is the fold's largest cost without this. */
  private readonly referrers = new Map<string, { domain: string; url: string }>();

  constructor(
    readonly project: ProjectId,
    readonly state: Registers,
    /** The product settings in force at a time (decision 0062). */
    private readonly productAt: (at: string) => ProductConfig,
  ) {}

  private fileOf(fileId: string, userId: number): FileState {
    const { files } = this.state;
    let f = files.get(fileId);
    if (!f) {
      f = unknownFile(this.project, fileId, userId);
      files.set(fileId, f);
    }
    this.changedFiles.add(fileId);
    return f;
  }

  private saleOf(saleId: string, userId: number): SaleState {
    const { sales } = this.state;
    let s = sales.get(saleId);
    if (!s) {
      s = unknownSale(this.project, saleId, userId);
      sales.set(saleId, s);
    }
    if (!this.touchedSales.has(saleId)) {
      this.touchedSales.add(saleId);
      applyContribution(this.r, saleContribution(s), -1);
    }
    return s;
  }

  private referrerOf(referrer: string | null | undefined): { domain: string; url: string } {
    if (!referrer) return { domain: '', url: '' };
    let parts = this.referrers.get(referrer);
    if (!parts) this.referrers.set(referrer, (parts = referrerParts(referrer)));
    return parts;
  }

  private setName(f: FileState, name: string, at: string, id: string) {
    if (newer(at, id, f.name_at, f.name_event_id)) Object.assign(f, { name, name_at: at, name_event_id: id });
  }

  private setFolder(f: FileState, folder: string | null, at: string, id: string) {
    if (newer(at, id, f.folder_at, f.folder_event_id)) Object.assign(f, { folder, folder_at: at, folder_event_id: id });
  }

  /** Folds the events into the state and the rollups, in the order given. */
  foldEvents(events: ReadonlyArray<{ event: IngestEvent; at: string; userId: number }>) {
    const { r, project, productAt, newlyKnownFiles, touchedFirsts, uniques } = this;
    const { firsts, sites } = this.state;
    for (const { event, at, userId } of events) {
      const day = dayOf(at);
      const d = [userId, project, day];
      // The text of d as Rollup keys it (d.join), made once per event: most events add to several keys of their day.
      const dk = d.join('\u0001');
      switch (event.type) {
        case 'file_uploaded':
        case 'file_copied': {
          const f = this.fileOf(event.file_id, userId);
          // The earliest upload (or copy) event by (time, id) defines the file, whatever arrives first.
          if (!f.known || newer(f.uploaded_at!, f.upload_event_id ?? '', at, event.id)) {
            if (f.known) r.daily.add([f.user_id, project, dayOf(f.uploaded_at!)], f.kind === 'copy' ? 'copies' : 'files_uploaded', -1);
            Object.assign(f, {
              known: true,
              user_id: userId,
              uploaded_at: at,
              upload_event_id: event.id,
              size_bytes: event.size_bytes,
              is_video: event.is_video,
              kind: event.type === 'file_copied' ? 'copy' : 'file',
              copy_of_file_id: event.type === 'file_copied' ? event.original_file_id : null,
              copy_account_id: event.type === 'file_copied' ? event.copy_account_id : null,
            });
            r.daily.addAt(dk, d, event.type === 'file_copied' ? 'copies' : 'files_uploaded', 1);
            newlyKnownFiles.add(event.file_id);
          }
          this.setName(f, event.name, at, event.id);
          if (event.type === 'file_uploaded') this.setFolder(f, event.folder ?? null, at, event.id);
          break;
        }
        case 'file_renamed':
          this.setName(this.fileOf(event.file_id, userId), event.name, at, event.id);
          break;
        case 'file_moved':
          this.setFolder(this.fileOf(event.file_id, userId), event.folder ?? null, at, event.id);
          break;
        case 'file_deleted': {
          const f = this.fileOf(event.file_id, userId);
          if (f.deleted_at === null || at < f.deleted_at) {
            f.deleted_at = at;
            // Downloads at or after the deletion no longer count: the file's first downloads are decided again.
            newlyKnownFiles.add(event.file_id);
          }
          break;
        }
        case 'page_hit': {
          const ref = this.referrerOf(event.referrer);
          const tag = tagOf(event.sub_id);
          r.daily.addAt(dk, d, 'hits', 1);
          r.tag.add([...d, tag], 'hits', 1);
          r.source.addAt(`${dk}\u0001${ref.domain}\u0001${ref.url}`, [...d, ref.domain, ref.url], 'hits', 1);
          addTagged(r, 'source', [...d, ref.domain, ref.url], tag, 'hits', 1);
          break;
        }
        case 'download': {
          const ref = this.referrerOf(event.referrer);
          const group = countryGroupOf(event.country ?? null, productAt(at).countryGroups);
          const tag = tagOf(event.sub_id);
          r.daily.addAt(dk, d, 'downloads', 1);
          r.tag.add([...d, tag], 'downloads', 1);
          if (event.completed) r.daily.addAt(dk, d, 'downloads_completed', 1);
          r.country.addAt(`${dk}\u0001${group}`, [...d, group], 'downloads', 1);
          addTagged(r, 'country', [...d, group], tag, 'downloads', 1);
          r.file.addAt(`${dk}\u0001${event.file_id}`, [...d, event.file_id], 'downloads', 1);
          r.source.addAt(`${dk}\u0001${ref.domain}\u0001${ref.url}`, [...d, ref.domain, ref.url], 'downloads', 1);
          addTagged(r, 'file', [...d, event.file_id], tag, 'downloads', 1);
          addTagged(r, 'source', [...d, ref.domain, ref.url], tag, 'downloads', 1);
          // Every download adds one not-counted download at its day, group and file: `refused` for good when the
          // host refused it, else `repeat`, which the first of the day then turns into its own decision
          // (contributions.ts), so counted + every reason = downloads in every row, whatever the order (decision 0200).
          const reason = decisionColumn(event.refused ? 'refused' : 'repeat');
          r.daily.addAt(dk, d, reason, 1);
          r.country.addAt(`${dk}\u0001${group}`, [...d, group], reason, 1);
          addTagged(r, 'country', [...d, group], tag, reason, 1);
          r.file.addAt(`${dk}\u0001${event.file_id}`, [...d, event.file_id], reason, 1);
          addTagged(r, 'file', [...d, event.file_id], tag, reason, 1);
          if (event.refused) break; // a refused download never takes the downloader's first of the day
          const key = { file_id: event.file_id, downloader_id: event.downloader_id, day };
          const k = firstKey(key);
          const existing = firsts.get(k);
          if (!existing || newer(existing.at, existing.event_id, at, event.id)) {
            // This download is earlier than the current first (or the first at all): it takes its place.
            if (!touchedFirsts.has(k)) touchedFirsts.set(k, existing ? appliedFirstContribution(existing) : []);
            firsts.set(k, {
              project,
              ...key,
              user_id: userId,
              event_id: event.id,
              at,
              country_group: group,
              referrer_domain: ref.domain,
              referrer_url: ref.url,
              applied_counted: 0,
              applied_earned_micro: 0,
              applied_copy: false,
              applied_reason: 'repeat',
              sub_id: tag,
            });
          }
          break;
        }
        case 'sale': {
          const s = this.saleOf(event.sale_id, userId);
          if (!s.known || newer(s.at!, s.sale_event_id ?? '', at, event.id)) {
            const domain = event.site_domain?.toLowerCase() ?? null;
            const ref = this.referrerOf(event.referrer);
            Object.assign(s, {
              known: true,
              user_id: userId,
              at,
              sale_event_id: event.id,
              amount_micro: event.amount_micro,
              revenue_type: event.revenue_type,
              file_id: event.file_id ?? null,
              site_domain: domain,
              site_user_id: event.revenue_type === 'site_referral' && domain ? (sites.get(domain) ?? null) : null,
              buyer_email: event.buyer_email,
              payment_system: event.payment_system,
              tariff: event.tariff,
              country: event.country ?? null,
              country_group: countryGroupOf(event.country ?? null, productAt(at).countryGroups),
              player_type: event.player_type ?? null,
              referrer_domain: ref.domain,
              referrer_url: ref.url,
              sub_id: tagOf(event.sub_id),
            });
          }
          if (newer(at, event.id, s.status_at, s.status_event_id)) Object.assign(s, { status: event.status, status_at: at, status_event_id: event.id });
          break;
        }
        case 'sale_status': {
          const s = this.saleOf(event.sale_id, userId);
          if (newer(at, event.id, s.status_at, s.status_event_id)) Object.assign(s, { status: event.status, status_at: at, status_event_id: event.id });
          if (event.fraud !== undefined && newer(at, event.id, s.fraud_at, s.fraud_event_id)) {
            Object.assign(s, { fraud: event.fraud, fraud_at: at, fraud_event_id: event.id });
          }
          break;
        }
        case 'video_view': {
          const tag = tagOf(event.sub_id);
          r.daily.addAt(dk, d, 'video_views', 1);
          r.tag.add([...d, tag], 'video_views', 1);
          r.file.addAt(`${dk}\u0001${event.file_id}`, [...d, event.file_id], 'video_views', 1);
          addTagged(r, 'file', [...d, event.file_id], tag, 'video_views', 1);
          for (const player of [event.player_type, 'all']) {
            const key = [...d, player];
            const k = `${dk}\u0001${player}`;
            r.video.addAt(k, key, 'views', 1);
            r.video.addAt(k, key, 'seconds', event.seconds);
            addTagged(r, 'video', key, tag, 'views', 1);
            addTagged(r, 'video', key, tag, 'seconds', event.seconds);
            uniques.push({ user_id: userId, day, kind: 'viewer', dim: player, value: event.viewer_id, player });
            uniques.push({ user_id: userId, day, kind: 'video_file', dim: player, value: event.file_id, player });
          }
          break;
        }
      }
    }
  }

  /** Files that became known: their earlier first downloads and sales (read from the store) are priced again. */
  addOfKnownFiles(firstsOfFiles: FirstState[], salesOfFiles: SaleState[]) {
    const { firsts, sales } = this.state;
    for (const f of firstsOfFiles) {
      const k = firstKey(f);
      if (!firsts.has(k)) firsts.set(k, f);
      if (!this.touchedFirsts.has(k)) this.touchedFirsts.set(k, appliedFirstContribution(firsts.get(k)!));
    }
    for (const s of salesOfFiles) {
      if (!sales.has(s.sale_id)) sales.set(s.sale_id, s);
      this.saleOf(s.sale_id, s.user_id);
    }
  }

  /** A sale touched only by a status change still needs its file (video or copy decides its share and bucket). */
  missingFiles(): string[] {
    const { files, sales } = this.state;
    return [...new Set([...this.touchedSales].map((id) => sales.get(id)!.file_id).filter((f): f is string => !!f && !files.has(f)))];
  }

  addFiles(list: FileState[]) {
    for (const f of list) this.state.files.set(f.file_id, f);
  }

  /** The partners whose plans the pricing needs besides the batch's own: owners of the touched sales and firsts. */
  pricedPartners(userIds: Set<number>): Set<number> {
    const { sales, firsts } = this.state;
    for (const s of this.touchedSales) userIds.add(sales.get(s)!.user_id);
    for (const k of this.touchedFirsts.keys()) userIds.add(firsts.get(k)!.user_id);
    return userIds;
  }

  /** Differences of the first downloads and the sales: the old contribution out, the new one in. */
  price(planAt: PlanAt): { changedFirsts: FirstState[]; changedSales: SaleState[] } {
    const { r, productAt } = this;
    const { files, sales, firsts } = this.state;
    const changedFirsts: FirstState[] = [];
    for (const [k, before] of this.touchedFirsts) {
      const f = firsts.get(k)!;
      applyContribution(r, before, -1);
      const next = firstContribution(f, files.get(f.file_id), planAt(f.user_id, f.at), productAt(f.at));
      f.applied_counted = next.counted;
      f.applied_earned_micro = next.earned;
      f.applied_copy = next.copy;
      f.applied_reason = next.reason;
      applyContribution(r, next.c, 1);
      changedFirsts.push(f);
    }
    const changedSales: SaleState[] = [];
    for (const id of this.touchedSales) {
      const s = sales.get(id)!;
      applySaleFigures(
        s,
        s.file_id ? files.get(s.file_id) : undefined,
        s.at ? planAt(s.user_id, s.at) : DEFAULT_PRODUCT.defaultPlan,
        s.at ? productAt(s.at) : DEFAULT_PRODUCT,
      );
      applyContribution(r, saleContribution(s), 1);
      changedSales.push(s);
    }
    return { changedFirsts, changedSales };
  }

  /** Distinct video viewers and files new to their day (the store answers which ones were new). */
  countUniques(fresh: Array<{ user_id: number; day: string; kind: string; dim: string }>) {
    for (const u of fresh) {
      this.r.video.add([u.user_id, this.project, u.day, u.dim], u.kind === 'viewer' ? 'unique_viewers' : 'video_files', 1);
    }
  }

  /** The changed files in id order, as the store writes them. */
  changedFileStates(): FileState[] {
    return [...this.changedFiles].sort().map((id) => this.state.files.get(id)!);
  }
}
