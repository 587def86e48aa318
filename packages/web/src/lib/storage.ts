/** Local storage that never throws (private mode, disabled storage, or no window in tests). */
export function readStorage(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage is a convenience here; the portal works without it.
  }
}

export function clearStorage(): void {
  try {
    globalThis.localStorage?.clear();
  } catch {
    // As above.
  }
}
