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

/**
 * Picker options by `nameOf`, where a name two items share says which is which: 'Основы права
 * (4 кр., Экзамен)'. A person cannot tell two options of one name apart.
 */
export function optionsNamedApart<Item>(
  items: readonly Item[],
  idOf: (item: Item) => number,
  nameOf: (item: Item) => string,
  which: (item: Item) => string,
): { id: number; name: string }[] {
  const named = new Map<string, number>();
  for (const item of items) named.set(nameOf(item), (named.get(nameOf(item)) ?? 0) + 1);
  return items.map((item) => {
    const name = nameOf(item);
    return { id: idOf(item), name: (named.get(name) ?? 0) > 1 ? `${name} (${which(item)})` : name };
  });
}
