import { DEFAULT_PRODUCT, type ProductConfig } from '../product.ts';
import { MS_PER_DAY, toDate, type Instant } from './time.ts';

/** plus = new, up = popular or selling, down = falling, minus = unused (the values of `FILE_HINTS`). */
export type FileHint = 'plus' | 'up' | 'down' | 'minus';

/** What the hints of one file are computed from. */
export interface FileHintInput {
  uploadedAt: Instant;
  /** Last download, null when never downloaded. */
  lastDownloadAt: Instant | null;
  /** All-time downloads. */
  downloads: number;
  /** All-time purchases. */
  purchases: number;
  /** Downloads of the last 7 days (ending now). */
  downloadsLast7d: number;
  /** Downloads of the 7 days before those. */
  downloadsPrevious7d: number;
}

/**
 * The hints of a file, in the order plus, up, down, minus (a file may have several):
 * - plus: uploaded less than 10 days ago;
 * - up: over 100 downloads, or 1 or more purchases;
 * - down: the last 7 days' downloads below the 7 days before;
 * - minus: no download in the last 30 days; a file never downloaded counts from its upload, so a file younger
 *   than 30 days is never `minus`.
 */
export function fileHints(file: FileHintInput, now: Instant, product: ProductConfig = DEFAULT_PRODUCT): FileHint[] {
  const h = product.fileHints;
  const t = toDate(now).getTime();
  const hints: FileHint[] = [];
  if (t - toDate(file.uploadedAt).getTime() < h.newDays * MS_PER_DAY) hints.push('plus');
  if (file.downloads > h.popularDownloadsOver || file.purchases >= h.sellingPurchasesMin) hints.push('up');
  if (file.downloadsLast7d < file.downloadsPrevious7d) hints.push('down');
  const since = toDate(file.lastDownloadAt ?? file.uploadedAt).getTime();
  if (t - since >= h.unusedDays * MS_PER_DAY) hints.push('minus');
  return hints;
}

/**
 * The first moment after `now` at which the file's hints change while its figures stay as they are, or null when
 * none would: `plus` ends newDays after the upload, `minus` starts unusedDays after the last download (or the upload,
 * never downloaded); the other hints move only with the figures or with the day. An answer showing the hints stays
 * right until then (a kept file list is served no longer: decision 0211).
 */
export function fileHintsChangeAt(file: FileHintInput, now: Instant, product: ProductConfig = DEFAULT_PRODUCT): Date | null {
  const h = product.fileHints;
  const t = toDate(now).getTime();
  const moments = [
    toDate(file.uploadedAt).getTime() + h.newDays * MS_PER_DAY,
    toDate(file.lastDownloadAt ?? file.uploadedAt).getTime() + h.unusedDays * MS_PER_DAY,
  ].filter((at) => at > t);
  return moments.length > 0 ? new Date(Math.min(...moments)) : null;
}
