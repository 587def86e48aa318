/** Every picker starts on the placeholder entry, id -1, text ' --- '. */
export const PLACEHOLDER_ID = -1;
export const PLACEHOLDER_TEXT = ' --- ';

/** The id a picker shows: the chosen one while it is still offered, otherwise the placeholder. */
export function offeredId<Item>(
  items: readonly Item[],
  id: number,
  idOf: (item: Item) => number,
): number {
  return items.some((item) => idOf(item) === id) ? id : PLACEHOLDER_ID;
}

/** The chosen item while the list still offers it, else the list's first (or null). */
export function chosenOrFirst<Item>(
  items: readonly Item[] | undefined,
  chosen: number | null,
  idOf: (item: Item) => number,
): Item | null {
  if (!items || items.length === 0) return null;
  return (chosen !== null ? items.find((item) => idOf(item) === chosen) : undefined) ?? items[0]!;
}
