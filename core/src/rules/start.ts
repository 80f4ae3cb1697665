/**
 * The get-started banner (decision 0135): shown on the dashboard while at least one get-started step is open,
 * until the partner dismisses it. A dismissal is for good; once every step is done it never shows again either.
 */
export function showsStartBanner(progress: { done: number; total: number; dismissed: boolean }): boolean {
  return !progress.dismissed && progress.done < progress.total;
}
