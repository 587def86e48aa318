// Two answers compared as data, not as text: object keys in any order are the same answer.

/** JSON with every object's keys sorted, so equal data gives equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) =>
    field && typeof field === 'object' && !Array.isArray(field)
      ? Object.fromEntries(
          Object.entries(field as Record<string, unknown>).sort(([a], [b]) =>
            a < b ? -1 : a > b ? 1 : 0,
          ),
        )
      : field,
  );
}

/** The first place where two values differ, as a JSON pointer ('/data/0/id'); null when equal. */
export function firstDifference(a: unknown, b: unknown, at = ''): string | null {
  if (canonicalJson(a) === canonicalJson(b)) return null;
  if (
    a &&
    b &&
    typeof a === 'object' &&
    typeof b === 'object' &&
    Array.isArray(a) === Array.isArray(b)
  ) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const inner = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${at}/${key}`,
      );
      if (inner !== null) return inner;
    }
  }
  return at || '/';
}
