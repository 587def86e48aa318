const listeners = new Set<() => void>();

/**
 * Calls `listener` whenever a write of any outbox meets an ended session (the server answered
 * 401 to the write or to a read made for it), so the person is sent to sign in at once; the write
 * waits for the next sign-in. Returns the function that stops listening. (Its own module: the
 * shell listens from the first screen on, without loading the outboxes.)
 */
export function onOutboxSessionEnded(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Tells the listeners that a write met an ended session. */
export function outboxSessionEnded(): void {
  for (const listener of [...listeners]) listener();
}
