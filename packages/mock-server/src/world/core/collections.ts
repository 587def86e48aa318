/** Items grouped by a key, in their original order (Map.groupBy needs Node 21). */
export function groupBy<T, K>(items: Iterable<T>, key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** A lookup by a unique key. */
export const indexBy = <T, K>(items: Iterable<T>, key: (item: T) => K): Map<K, T> =>
  new Map(Array.from(items, (item) => [key(item), item]));

/** Takes an item (by identity) out of a list; false when it is not in it. */
export function remove<T>(items: T[], item: T): boolean {
  const index = items.indexOf(item);
  if (index === -1) return false;
  items.splice(index, 1);
  return true;
}
