import { vi } from 'vitest';

/**
 * Files the app downloads (a Blob behind an object URL, clicked as a link), captured with their name and text instead
 * of reaching jsdom, which has no downloads.
 */
export function captureDownloads() {
  const files: Array<{ name: string; text: Promise<string> }> = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    files.push({ name: '', text: (blob as Blob).text() });
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files[files.length - 1]!.name = this.download;
  });
  return files;
}
