import { countDrafts, forgetDrafts } from './drafts/draft-store';
import { countWaitingWrites, forgetWrites } from './outbox/outbox-store';

/** What a person leaves on this device that the server does not have yet. */
export interface UnsentWork {
  /** Writes waiting in an outbox (chat messages, roll calls and marks). */
  writes: number;
  /** Forms typed and not sent. */
  drafts: number;
}

export async function unsentWork(owner: number): Promise<UnsentWork> {
  const [writes, drafts] = await Promise.all([
    countWaitingWrites(owner).catch(() => 0),
    countDrafts(owner).catch(() => 0),
  ]);
  return { writes, drafts };
}

/**
 * A deliberate sign-out may be on a shared computer: the person's waiting writes and drafts go
 * with them, so the next person finds nothing of theirs. (A session that merely expired keeps
 * both for the same person's next sign-in.)
 */
export async function forgetUnsentWork(owner: number): Promise<void> {
  await Promise.all([
    forgetWrites(owner).catch(() => undefined),
    forgetDrafts(owner).catch(() => undefined),
  ]);
}
