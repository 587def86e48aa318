import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn, expect, type ApiSession, type DemoLogin } from './fixtures';

// The chat's world through the API, as each person would act in it: what a person has unread in
// the current semester half (as the server counts it), reading all of it, and writing to someone.
// The journeys about the unread count arrange their world with it. (Every call signs its person in
// again: the request client may have acted as someone else since.)

interface ChatQuery {
  year: number;
  id_from_type: number;
  id_from: number;
  id_to_type: number;
  id_to: number;
  id_discipline: number;
  ws: number;
  kredit: number;
  gr_potok?: number;
  IsSelect?: boolean;
}

async function post<T>(
  request: APIRequestContext,
  session: ApiSession,
  path: string,
  data: object,
) {
  const response = await request.post(path, { data, headers: { 'X-XSRF-TOKEN': session.xsrf } });
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

async function get<T>(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A session of `who` through the API, with what their chain calls need (role, own group). */
async function signIn(request: APIRequestContext, who: DemoLogin) {
  const session = await apiSignIn(request, who);
  const { id_group } = session.user as ApiSession['user'] & { id_group?: number | null };
  return { ...session, teacher: who.startsWith('teacher'), id_group: id_group ?? -1 };
}
type Person = Awaited<ReturnType<typeof signIn>>;

interface Discipline {
  id_discipline: number;
  name: string;
  kredits: number;
}

/** The current half, and the person's disciplines in it, as the discipline column lists them. */
async function disciplinesOf(request: APIRequestContext, me: Person) {
  const [year] = await get<{ id_a_year: number }[]>(request, '/api/discipline/current/year.json');
  const [half] = await get<{ ws: number }[]>(request, '/api/discipline/current/ws.json');
  const own = me.teacher ? {} : { id_group: me.id_group };
  const base = { uid: me.user.uid, year: year!.id_a_year, ws: half!.ws, ...own };
  const disciplines = await post<Discipline[]>(
    request,
    me,
    me.teacher ? '/api/discipline/list' : '/api/discipline/forStudentDisciplinelist',
    base,
  );
  return { base, disciplines };
}

/** Every conversation the person has in the current half: each discipline with each of its chats. */
async function groupChatsOf(request: APIRequestContext, me: Person) {
  const { base, disciplines } = await disciplinesOf(request, me);
  const queries: ChatQuery[] = [];
  for (const { id_discipline, kredits } of disciplines) {
    const about = { ...base, id_discipline };
    const semesters = await post<{ id_semester: number }[]>(
      request,
      me,
      me.teacher ? '/api/discipline/semester/list' : '/api/discipline/studentSemester/list',
      about,
    );
    for (const { id_semester } of semesters) {
      const groups = await post<{ id_group: number; isPotok?: boolean }[]>(
        request,
        me,
        me.teacher ? '/api/discipline/group/list' : '/api/discipline/studentGroup/list',
        { ...about, id_semester },
      );
      for (const group of groups) {
        queries.push({
          year: base.year,
          id_from_type: me.teacher ? 1 : 2,
          id_from: me.user.id,
          id_to_type: 2,
          id_to: -1,
          id_discipline,
          ws: base.ws,
          kredit: kredits,
          gr_potok: group.id_group,
          IsSelect: group.isPotok ?? false,
        });
      }
    }
  }
  return queries;
}

const conversationKey = (query: ChatQuery, row: UnreadRow) =>
  row.idid === -1
    ? `chat ${query.IsSelect ? 'stream' : 'group'} ${query.gr_potok}`
    : `${query.id_discipline} ${row.id_type}.${row.idid}`;

interface UnreadRow {
  idid: number;
  id_type: number;
  countMessages: number;
}

/**
 * What `who` has unread in the current half, as the server counts it: every contact of every
 * discipline and every group or stream chat, each once (every discipline asked with every chat).
 */
export async function unreadTotal(request: APIRequestContext, who: DemoLogin): Promise<number> {
  const me = await signIn(request, who);
  const seen = new Map<string, number>();
  for (const query of await groupChatsOf(request, me)) {
    const rows = await post<UnreadRow[] | null>(request, me, '/api/chat/count', query);
    for (const row of rows ?? []) seen.set(conversationKey(query, row), row.countMessages);
  }
  return [...seen.values()].reduce((sum, value) => sum + value, 0);
}

/**
 * Reads, as `who`, everything they have unread in the current half (every contact of every
 * discipline, every group chat), as the chat's 'Прочитать все' does conversation by conversation.
 */
export async function readEverything(request: APIRequestContext, who: DemoLogin): Promise<void> {
  const me = await signIn(request, who);
  for (const query of await groupChatsOf(request, me)) {
    const rows = await post<UnreadRow[] | null>(request, me, '/api/chat/count', query);
    for (const row of rows ?? []) {
      // A contact's conversation is addressed as the chat addresses it: without a group chat.
      const contact: ChatQuery = {
        year: query.year,
        id_from_type: query.id_from_type,
        id_from: query.id_from,
        id_to_type: row.id_type,
        id_to: row.idid,
        id_discipline: query.id_discipline,
        ws: query.ws,
        kredit: query.kredit,
      };
      await post(request, me, '/api/chat/readall', row.idid === -1 ? query : contact);
    }
  }
}

/** `from` writes `count` messages to `to` in «Веб-разработка», which the one teaches the other. */
export async function writes(
  request: APIRequestContext,
  from: DemoLogin,
  to: DemoLogin,
  count: number,
) {
  const addressee = (await signIn(request, to)).user;
  const writer = await signIn(request, from);
  const { base, disciplines } = await disciplinesOf(request, writer);
  const webDevelopment = disciplines.find((discipline) => discipline.name === 'Веб-разработка')!;
  for (let index = 1; index <= count; index++) {
    const response = await request.post('/api/chat/insert', {
      headers: { 'X-XSRF-TOKEN': writer.xsrf },
      multipart: {
        uid: String(writer.user.uid),
        from: String(writer.user.id),
        fromType: writer.teacher ? '1' : '2',
        semester: String(base.ws),
        discipline: String(webDevelopment.id_discipline),
        message: `Сообщение №${index}`,
        currentContactId: String(addressee.id),
        currentContactType: writer.teacher ? '2' : '1',
        group_subgroup: '-1',
        isSelect: 'false',
        IsGroupChat: 'false',
      },
    });
    expect(response.ok(), `insert: ${response.status()}`).toBe(true);
  }
}

/** Every call to the Badging API, recorded from the page's first script on (null: cleared). */
export async function recordAppBadge(page: Page) {
  await page.addInitScript(() => {
    const calls: (number | null)[] = [];
    Object.assign(window, { appBadgeCalls: calls });
    Object.defineProperty(navigator, 'setAppBadge', {
      configurable: true,
      value: (count?: number) => {
        calls.push(count ?? 0);
        return Promise.resolve();
      },
    });
    Object.defineProperty(navigator, 'clearAppBadge', {
      configurable: true,
      value: () => {
        calls.push(null);
        return Promise.resolve();
      },
    });
  });
}

/** The Badging API calls so far: counts, and null for each clear. */
export const appBadgeCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { appBadgeCalls: (number | null)[] }).appBadgeCalls);
