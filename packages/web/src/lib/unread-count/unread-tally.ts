import type { LmsClient } from '@lms/client';
import type { QueryClient } from '@tanstack/react-query';
import { GROUP_CHAT_ID } from '../academic-context/selection';
import type { ChainRoot } from '../reference-data/chain-params';
import { getDisciplineGroupsQueryOptions } from '../reference-data/discipline-groups';
import { getDisciplinesQueryOptions, type Discipline } from '../reference-data/disciplines';
import { getSemestersQueryOptions } from '../reference-data/semesters';
import type { Group } from '../reference-data/student-groups';
import {
  groupChatQuery,
  unreadCountKeys,
  type ChatQuery,
  type UnreadCount,
  type UnreadReader,
  type UnreadTally,
} from './unread-count-keys';

/*
 * How the person's unread count is read and kept (use-unread-count.ts loads this once the first
 * screen is shown): which counts to ask so that each discipline and each group chat is counted
 * once, and what one answer changes in the count.
 */

/** A group chat is one whichever discipline names it: a group, or a stream (IsSelect). */
const groupChatKey = (gr_potok: number, isStream: boolean) =>
  `${isStream ? 'stream' : 'group'}:${gr_potok}`;

const groupKeyOf = (group: Pick<Group, 'id_group' | 'isPotok'>) =>
  groupChatKey(group.id_group, group.isPotok ?? false);

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

export async function readUnreadTally(
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
