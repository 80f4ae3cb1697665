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
