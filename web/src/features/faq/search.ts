/**
 * The FAQ search: case- and accent-insensitive, in the interface language. Text and query are lower-cased in that
 * language, decomposed (NFD) and stripped of combining marks (accents, Arabic short vowels and hamza marks), of
 * the Arabic tatweel, and Turkish dotless ı is read as i. Every word of the query must occur.
 */
export function normalizeForSearch(text: string, locale: string): string {
  return text
    .toLocaleLowerCase(locale)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\u0640/g, '')
    .replace(/ı/g, 'i')
    .replace(/ß/g, 'ss')
    .replace(/[\u2018\u2019\u201c\u201d«»"]/g, "'");
}

export function queryWords(query: string, locale: string): string[] {
  return normalizeForSearch(query, locale)
    .split(/[\s,.;:!?()]+/u)
    .filter(Boolean);
}

/** Whether a normalized text holds every word of the query (an empty query matches everything). */
export function matches(normalizedText: string, words: readonly string[]): boolean {
  return words.every((w) => normalizedText.includes(w));
}
