import type { components, LmsClient } from '@lms/client';
import {
  hashKey,
  queryOptions,
  skipToken,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { GROUP_CHAT_ID } from './academic-context/selection';
import type { AcademicContext } from './academic-context/use-academic-context';
import { useApiClient } from './api-client';
import type { ChainRoot } from './reference-data/chain-params';
import type { Ws } from './reference-data/current-ws';
import { getDisciplineGroupsQueryOptions } from './reference-data/discipline-groups';
import { getDisciplinesQueryOptions, type Discipline } from './reference-data/disciplines';
import { getSemestersQueryOptions } from './reference-data/semesters';
import type { Group } from './reference-data/student-groups';
import { ROLE_STUDENT, type PortalRole, type PortalUser } from './roles';
import { showUnreadCount } from './unread-badge';

/*
 * The person's unread messages, on every screen: the title's '(N) ' and the installed app's badge.
 * POST /api/chat/count answers for one discipline (its contacts) and one named group chat, so the
 * total of the current year and semester half is read as the contact column would show it: every
 * discipline of the person, every group and stream chat of those disciplines, each asked once.
 * The chat's own reads of a discipline's counts go into the same cache entry as they arrive.
 */

export type ChatQuery = components['schemas']['ChatQuery'];
export type UnreadCount = components['schemas']['ChatUnreadCount'];

/**
 * While the tab is visible, the open conversation asks for newer messages this often, and the
 * person's unread count is read again as often.
 */
export const UNREAD_POLL_MS = 4_000;

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

/** A group chat is one whichever discipline names it: a group, or a stream (IsSelect). */
const groupChatKey = (gr_potok: number, isStream: boolean) =>
  `${isStream ? 'stream' : 'group'}:${gr_potok}`;

const groupKeyOf = (group: Pick<Group, 'id_group' | 'isPotok'>) =>
  groupChatKey(group.id_group, group.isPotok ?? false);

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

/** A discipline of the person with the groups and streams it is taught to (its chats). */
export interface ChatClass {
  discipline: Pick<Discipline, 'id_discipline' | 'kredits'>;
  groups: readonly Pick<Group, 'id_group' | 'isPotok'>[];
}

/**
 * The reads that count everything once: each answers for its discipline's contacts and for the
 * one group chat it names, so every discipline is asked at least once (naming a chat not named
 * yet where it can) and every chat is named once. A discipline taught to no group has no
 * contacts to write to and is not asked.
 */
export function unreadReads(reader: UnreadReader, classes: readonly ChatClass[]): ChatQuery[] {
  const named = new Set<string>();
  const reads: ChatQuery[] = [];
  const read = ({ discipline }: ChatClass, group: ChatClass['groups'][number]) => {
    named.add(groupKeyOf(group));
    reads.push(groupChatQuery(reader, reader.year, reader.ws, discipline, group));
  };
  for (const item of classes) {
    const group = item.groups.find((one) => !named.has(groupKeyOf(one))) ?? item.groups[0];
    if (group) read(item, group);
  }
  for (const item of classes) {
    for (const group of item.groups) if (!named.has(groupKeyOf(group))) read(item, group);
  }
  return reads;
}

const sameRows = (a: readonly UnreadCount[], b: readonly UnreadCount[]) =>
  a.length === b.length &&
  a.every(
    (row, index) =>
      row.idid === b[index]?.idid &&
      row.id_type === b[index].id_type &&
      row.countMessages === b[index].countMessages,
  );

/**
 * The tally with one answer of POST /api/chat/count in it: the discipline's contacts and, where
 * the query named a group chat, that chat's count. An answer of another year or semester half is
 * not part of it. The same tally when nothing changes, so no reader wakes for nothing.
 */
export function withUnreadCounts(
  tally: UnreadTally,
  query: ChatQuery,
  rows: readonly UnreadCount[],
): UnreadTally {
  if (query.year !== tally.year || query.ws !== tally.ws) return tally;
  let next = tally;
  const discipline = String(query.id_discipline);
  const contacts = rows.filter((row) => row.idid !== GROUP_CHAT_ID && row.countMessages > 0);
  if (!sameRows(tally.contacts[discipline] ?? [], contacts)) {
    next = { ...next, contacts: { ...next.contacts, [discipline]: contacts } };
  }
  if (query.id_to === GROUP_CHAT_ID && query.gr_potok !== undefined) {
    const key = groupChatKey(query.gr_potok, query.IsSelect ?? false);
    const count = rows.find((row) => row.idid === GROUP_CHAT_ID)?.countMessages ?? 0;
    if (tally.groups[key] !== count) next = { ...next, groups: { ...next.groups, [key]: count } };
  }
  return next;
}

/** What a read that failed this time counted before: it stays until the read answers again. */
function keptFrom(tally: UnreadTally, before: UnreadTally, query: ChatQuery): UnreadTally {
  const discipline = String(query.id_discipline);
  const contacts = tally.contacts[discipline] ?? before.contacts[discipline];
  const key = groupChatKey(query.gr_potok ?? 0, query.IsSelect ?? false);
  const group = tally.groups[key] ?? before.groups[key];
  return {
    ...tally,
    contacts: contacts ? { ...tally.contacts, [discipline]: contacts } : tally.contacts,
    groups: group === undefined ? tally.groups : { ...tally.groups, [key]: group },
  };
}

/** The groups and streams a discipline is taught to, over its semesters (shared reference data). */
async function classOf(
  client: LmsClient,
  queryClient: QueryClient,
  root: ChainRoot,
  discipline: Discipline,
): Promise<ChatClass> {
  const { id_discipline } = discipline;
  const semesters = await queryClient.fetchQuery(
    getSemestersQueryOptions(client, { ...root, id_discipline }),
  );
  const lists = await Promise.all(
    semesters.map(({ id_semester }) =>
      queryClient.fetchQuery(
        getDisciplineGroupsQueryOptions(client, { ...root, id_discipline, id_semester }),
      ),
    ),
  );
  const groups = new Map(lists.flat().map((group) => [groupKeyOf(group), group]));
  return { discipline, groups: [...groups.values()] };
}

async function readUnreadTally(
  client: LmsClient,
  queryClient: QueryClient,
  reader: UnreadReader,
  signal: AbortSignal,
): Promise<UnreadTally> {
  const { role, uid, studentGroup, year, ws } = reader;
  const root: ChainRoot = { role, uid, studentGroup, year, ws };
  // The lists are the discipline column's cache entries: asked once, not at every count.
  const disciplines = await queryClient.fetchQuery(getDisciplinesQueryOptions(client, root));
  const classes = await Promise.all(
    disciplines.map((discipline) =>
      classOf(client, queryClient, root, discipline).catch((): ChatClass => ({
        discipline,
        groups: [],
      })),
    ),
  );
  const reads = unreadReads(reader, classes);
  const answers = await Promise.allSettled(
    reads.map((body) => client.post('/api/chat/count', { body, signal })),
  );
  const failed = answers.find((answer) => answer.status === 'rejected');
  if (failed && answers.every((answer) => answer.status === 'rejected')) throw failed.reason;
  const before = queryClient.getQueryData<UnreadTally>(unreadCountKeys.of(reader));
  let tally: UnreadTally = { year, ws, contacts: {}, groups: {} };
  answers.forEach((answer, index) => {
    const query = reads[index]!;
    if (answer.status === 'fulfilled') tally = withUnreadCounts(tally, query, answer.value ?? []);
    else if (before) tally = keptFrom(tally, before, query);
  });
  return tally;
}

export function getUnreadCountQueryOptions(
  client: LmsClient,
  queryClient: QueryClient,
  reader: UnreadReader | null,
) {
  // The page has one client and one cache: the reader alone says whose count it is.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: unreadCountKeys.of(reader),
    queryFn: reader
      ? ({ signal }) => readUnreadTally(client, queryClient, reader, signal)
      : skipToken,
    staleTime: UNREAD_POLL_MS,
  });
}

/**
 * The shell's read of the person's unread count, for both roles and on every screen: once the
 * first screen has been painted (it never delays what the person came for), then every
 * `UNREAD_POLL_MS` while the tab is visible; shown in the page title and on the app icon. A
 * sign-out clears both (lib/unread-badge.ts).
 */
export function useUnreadCount(
  user: PortalUser | null,
  academic: Pick<AcademicContext, 'currentYear' | 'currentWs'>,
  afterFirstScreen: boolean,
): void {
  const year = academic.currentYear.data?.[0]?.id_a_year;
  const ws = academic.currentWs.data?.[0]?.ws;
  const reader: UnreadReader | null =
    user && afterFirstScreen && year !== undefined && ws !== undefined
      ? {
          id: user.id,
          uid: user.uid,
          role: user.role,
          studentGroup: user.id_group ?? null,
          year,
          ws,
        }
      : null;
  const { data } = useQuery({
    ...getUnreadCountQueryOptions(useApiClient(), useQueryClient(), reader),
    refetchInterval: UNREAD_POLL_MS,
  });
  const total = reader && data ? unreadTotal(data) : null;
  useEffect(() => {
    if (total !== null) showUnreadCount(total);
  }, [total]);
}

/**
 * A discipline's unread counts the chat has read (its contact column, an open conversation that
 * reads its messages) go into the person's count at once, so the title follows the reading
 * before the next read of the whole count.
 */
export function useShareUnreadCounts(
  query: ChatQuery | null,
  rows: readonly UnreadCount[] | undefined,
): void {
  const queryClient = useQueryClient();
  const share = useEffectEvent((counts: readonly UnreadCount[]) => {
    if (!query) return;
    const entries = queryClient.getQueriesData<UnreadTally>({ queryKey: unreadCountKeys.all });
    for (const [key, tally] of entries) {
      const next = tally && withUnreadCounts(tally, query, counts);
      // Written only when it changes: a write wakes every reader of the count.
      if (next && next !== tally) queryClient.setQueryData(key, next);
    }
  });
  // The query is rebuilt on every render; its hash names it.
  const queryHash = query ? hashKey([query]) : null;
  useEffect(() => {
    if (queryHash !== null && rows) share(rows);
  }, [queryHash, rows]);
}
