import type { components } from '@lms/client';
import { GROUP_CHAT_ID } from '../academic-context/selection';
import { CONTACTS_REFRESH_MS } from '../reference-data/contacts';
import type { Ws } from '../reference-data/current-ws';
import type { Discipline } from '../reference-data/disciplines';
import type { Group } from '../reference-data/student-groups';
import { ROLE_STUDENT, type PortalRole, type PortalUser } from '../session/roles';

/*
 * The person's unread messages, on every screen: the title's '(N) ' and the installed app's badge.
 * POST /api/chat/count answers for one discipline (its contacts) and one named group chat, so the
 * total of the current year and semester half is read as the contact column would show it: every
 * discipline of the person, every group and stream chat of those disciplines, each asked once.
 * The chat's own reads of a discipline's counts go into the same cache entry as they arrive.
 */

export type ChatQuery = components['schemas']['ChatQuery'];
export type UnreadCount = components['schemas']['ChatUnreadCount'];

/** While the tab is visible, the open conversation asks for newer messages this often. */
export const UNREAD_POLL_MS = 4_000;

/**
 * The person's whole count is read again as often as the contact column refreshes its counts, not
 * at the open conversation's beat: it costs one request per discipline and group chat (five for a
 * student, a dozen for a teacher), which a phone on a weak network should not send every 4 s. The
 * chat's own reads still move it at once.
 */
export const UNREAD_TOTAL_POLL_MS = CONTACTS_REFRESH_MS;

/** Whose unread messages are counted, in which year and semester half (the current ones). */
export interface UnreadReader {
  id: number;
  uid: number;
  role: PortalRole;
  /** A student's own group (their chain calls carry it); null for a teacher. */
  studentGroup: number | null;
  year: number;
  ws: Ws;
}

/** One cache entry for the person's unread count, whichever screen reads or updates it. */
export const unreadCountKeys = {
  all: ['unread-count'] as const,
  of: (reader: UnreadReader | null) => [...unreadCountKeys.all, reader] as const,
};

/** The person's unread messages in a year and semester half, as the contact column counts them. */
export interface UnreadTally {
  year: number;
  ws: number;
  /** By id_discipline, the discipline's contacts with unread messages (never the group chat). */
  contacts: Readonly<Record<string, readonly UnreadCount[]>>;
  /** By group or stream chat (`groupChatKey`), its unread count. */
  groups: Readonly<Record<string, number>>;
}

/** The count shown: every contact's and every group chat's. */
export function unreadTotal(tally: UnreadTally): number {
  let total = 0;
  for (const rows of Object.values(tally.contacts)) {
    for (const row of rows) total += Math.max(0, row.countMessages);
  }
  for (const count of Object.values(tally.groups)) total += Math.max(0, count);
  return total;
}

/**
 * The chat query of a group or stream chat in a discipline (id_to -1 with gr_potok and IsSelect):
 * what a discipline's unread counts are asked with.
 */
export function groupChatQuery(
  user: Pick<PortalUser, 'id' | 'role'>,
  year: number,
  ws: Ws,
  discipline: Pick<Discipline, 'id_discipline' | 'kredits'>,
  group: Pick<Group, 'id_group' | 'isPotok'>,
): ChatQuery {
  return {
    year,
    id_from_type: user.role,
    id_from: user.id,
    id_to_type: ROLE_STUDENT,
    id_to: GROUP_CHAT_ID,
    id_discipline: discipline.id_discipline,
    ws,
    kredit: discipline.kredits,
    gr_potok: group.id_group,
    IsSelect: group.isPotok ?? false,
  };
}
