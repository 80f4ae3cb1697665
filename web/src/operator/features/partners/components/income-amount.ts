/** A dollar amount typed in the income dialog (dot or comma, at most two decimals, above zero) as micro-USD; else null. */
export function incomeMicro(text: string, direction: 'credit' | 'debit'): number | null {
  const typed = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(typed)) return null;
  const cents = Math.round(Number(typed) * 100);
  if (cents <= 0 || cents > 100_000_000) return null;
  const micro = cents * 10_000;
  return direction === 'debit' ? -micro : micro;
}
