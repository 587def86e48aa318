/**
 * Text search as people expect it (the e-library's search, docs/product/states.md#e-library): a
 * case-insensitive substring, with 'е' and 'ё' alike. Plain string comparison: any input is safe
 * (no regular expressions).
 */
export function normalizeSearchText(text: string): string {
  return text.toLocaleLowerCase('ru').replace(/ё/g, 'е').trim();
}

export function matchesSearch(text: string, query: string): boolean {
  const needle = normalizeSearchText(query);
  return needle === '' || normalizeSearchText(text).includes(needle);
}
