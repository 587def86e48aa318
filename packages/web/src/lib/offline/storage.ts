/** The browser's local storage, or null where it is missing or refused (private mode, tests). */
export function localStorageArea(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Local storage that never throws (private mode, disabled storage, or no window in tests). */
export function readStorage(key: string): string | null {
  try {
    return localStorageArea()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    localStorageArea()?.setItem(key, value);
  } catch {
    // Storage is a convenience here; the portal works without it.
  }
}

export function clearStorage(): void {
  try {
    localStorageArea()?.clear();
  } catch {
    // As above.
  }
}
