/** Section 9: every picker starts on the placeholder entry, id -1, text ' --- '. */
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
