import type { components, LmsClient } from '@lms/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useDeleteMessage } from '../src/features/chat/api/delete-message';
import { useThread } from '../src/features/chat/api/get-thread';
import { useReadAll } from '../src/features/chat/api/read-all-messages';
import { useReadMessage } from '../src/features/chat/api/read-message';
import { useThreadPaging } from '../src/features/chat/api/use-thread-paging';
import type { Conversation } from '../src/features/chat/utils/conversation';
import { dividerStartOf, openingRow, threadRows } from '../src/features/chat/utils/thread-rows';
import { ApiClientProvider } from '../src/lib/query/api-client';
import { createTestQueryClient } from './support/render-app';
import { signInDemo, signInOther } from './support/mock-backend';

type User = components['schemas']['User'];

/**
 * The demo teacher's conversation with the demo student (47 seeded messages, some unread by the
 * teacher), found as the portal finds it: disciplines → semester → group → the students.
 */
async function demoConversation(client: LmsClient, teacher: User, studentName: string) {
  const year = (await client.get('/api/discipline/current/year.json'))![0]!.id_a_year;
  const halves = (await client.get('/api/discipline/current/ws.json'))!;
  for (const { ws } of halves) {
    const base = { uid: teacher.uid, year, ws };
    const disciplines = (await client.post('/api/discipline/list', { body: base }))!;
    for (const discipline of disciplines) {
      const id_discipline = discipline.id_discipline;
      const semesters = (await client.post('/api/discipline/semester/list', {
        body: { ...base, id_discipline },
      }))!;
      for (const semester of semesters) {
        const groups = (await client.post('/api/discipline/group/list', {
          body: { ...base, id_discipline, id_semester: semester.id_semester },
        }))!;
        for (const group of groups) {
          const students = (await client.post('/api/discipline/students/list', {
            body: {
              ...base,
              id_discipline,
              id_semester: semester.id_semester,
              id_group: group.id_group,
              isPotok: group.isPotok ?? false,
            },
          }))!;
          const student = students.find((contact) => contact.fio === studentName);
          if (!student) continue;
          const query = {
            year,
            id_from_type: 1 as const,
            id_from: teacher.id,
            id_to_type: 2 as const,
            id_to: student.idid,
            id_discipline,
            ws,
            kredit: discipline.kredits,
          };
          const page = await client.post('/api/chat/messages', { body: query });
          if ((page?.unreades_total ?? 0) === 0 || (page?.messages.length ?? 0) < 20) continue;
          const conversation: Conversation = {
            kind: 'private',
            key: 'demo',
            query,
            title: student.fio,
          };
          return conversation;
        }
      }
    }
  }
  throw new Error('the demo conversation was not found');
}

/** The student writes to the teacher through the send form (multipart), as the portal does. */
async function studentWrites(
  other: Awaited<ReturnType<typeof signInOther>>,
  conversation: Conversation,
  teacher: User,
  message: string,
) {
  const fields = {
    uid: other.user.uid,
    message,
    from: other.user.id,
    fromType: 2,
    semester: conversation.query.ws,
    discipline: conversation.query.id_discipline,
    currentContactId: teacher.id,
    currentContactType: 1,
    group_subgroup: -1,
    isSelect: false,
    IsGroupChat: false,
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  const sent = await other.client.post('/api/chat/insert', {
    body: fields as never,
    bodySerializer: () => form,
  });
  expect(sent?.id_message).toBeGreaterThan(0);
  return sent!.id_message;
}

async function setup(
  before?: (world: {
    backend: Awaited<ReturnType<typeof signInDemo>>['backend'];
    teacher: User;
    other: Awaited<ReturnType<typeof signInOther>>;
    conversation: Conversation;
  }) => Promise<void>,
) {
  const { backend, user: teacher } = await signInDemo('teacher');
  const other = await signInOther(backend.app!, 'student');
  const conversation = await demoConversation(backend.client, teacher, other.user.fullName);
  await before?.({ backend, teacher, other, conversation });
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiClientProvider client={backend.client}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ApiClientProvider>
  );
  const hook = renderHook(
    () => ({
      thread: useThread(conversation),
      paging: useThreadPaging(conversation),
      read: useReadMessage(conversation),
      readAll: useReadAll(conversation),
      remove: useDeleteMessage(conversation, teacher.uid),
    }),
    { wrapper },
  );
  // Reading `data` here, as a screen does in its render, subscribes the hook to it (TanStack
  // Query re-renders only for the result fields that were read).
  await waitFor(() => expect(hook.result.current.thread.data).toBeDefined());
  return {
    backend,
    teacher,
    other,
    conversation,
    hook,
    current: () => hook.result.current,
  };
}

describe('a conversation against the mock server', () => {
  it('opens on the latest 20 with the unread info, and pages back through all 47 in order', async () => {
    const { current } = await setup();
    const first = current().thread.data!;
    expect(first.messages).toHaveLength(20);
    expect(first.hasOlder).toBe(true);
    expect(first.unreadTotal).toBeGreaterThan(0);
    expect(first.messages.some((message) => message.id_message === first.unreadStart)).toBe(true);
    let pages = 0;
    while (current().thread.data!.hasOlder) {
      const before = current().thread.data!.messages.length;
      await act(async () => {
        await current().paging.loadOlder();
      });
      await waitFor(() => expect(current().thread.data!.messages.length).toBeGreaterThan(before));
      pages += 1;
      if (pages > 5) throw new Error('paging did not end');
    }
    const ids = current().thread.data!.messages.map((message) => message.id_message);
    expect(ids).toHaveLength(47);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(47);
  });

  it('opens at the first unread message however far back: 46 unread page back to it, 20 at a time', async () => {
    const written: number[] = [];
    const { current, backend } = await setup(
      async ({ backend: world, teacher, other, conversation }) => {
        await world.client.post('/api/chat/readall', { body: conversation.query });
        for (let index = 1; index <= 46; index++) {
          written.push(await studentWrites(other, conversation, teacher, `Вопрос №${index}`));
        }
        world.calls.length = 0;
      },
    );
    const thread = current().thread.data!;
    expect(thread.unreadTotal).toBe(46);
    expect(thread.unreadStart).toBe(written[0]);
    // The latest page and two older ones: the first unread message is held, a few before it too.
    expect(backend.calls.filter((path) => path === '/api/chat/old')).toHaveLength(2);
    expect(thread.messages).toHaveLength(60);
    const held = thread.messages.map((message) => message.id_message);
    expect(held).toEqual(expect.arrayContaining(written));
    expect(held[0]).toBeLessThan(written[0]!);
    expect(thread.hasOlder).toBe(true);
    // The divider stands right before it.
    const rows = threadRows(thread.messages, dividerStartOf(thread), []);
    const divider = rows.findIndex((row) => row.kind === 'divider');
    expect(rows[divider + 1]).toMatchObject({ key: `m${written[0]}` });
    expect(openingRow(rows)).toBe(divider);
  });

  it('appends what the other side writes, once, counted unread', async () => {
    const { current, other, conversation, teacher } = await setup();
    const unreadBefore = current().thread.data!.unreadTotal;
    await studentWrites(other, conversation, teacher, 'Ответ студента');
    let added = 0;
    await act(async () => {
      added = await current().paging.loadNewer();
    });
    expect(added).toBe(1);
    await waitFor(() =>
      expect(current().thread.data!.messages.at(-1)?.message).toBe('Ответ студента'),
    );
    expect(current().thread.data!.unreadTotal).toBe(unreadBefore + 1);
    await act(async () => {
      added = await current().paging.loadNewer();
    });
    expect(added).toBe(0);
  });

  it('counts one read down and read-all to zero, as the server does', async () => {
    const { current, backend, conversation } = await setup();
    const before = current().thread.data!.unreadTotal;
    const unread = current().thread.data!.messages.find(
      (message) => !message.ismine && message.id_message >= current().thread.data!.unreadStart!,
    )!;
    await act(async () => {
      await current().read.mutateAsync(unread.id_message);
    });
    await waitFor(() => expect(current().thread.data!.unreadTotal).toBe(before - 1));
    const server = await backend.client.post('/api/chat/messages', { body: conversation.query });
    expect(server?.unreades_total).toBe(before - 1);
    await act(async () => {
      await current().readAll.mutateAsync();
    });
    await waitFor(() => expect(current().thread.data!.unreadTotal).toBe(0));
    const after = await backend.client.post('/api/chat/messages', { body: conversation.query });
    expect(after?.unreades_total).toBe(0);
  });

  it('deletes an own message (result 1) and keeps another’s (refused)', async () => {
    const { current } = await setup();
    const mine = current().thread.data!.messages.find((message) => message.ismine)!;
    const theirs = current().thread.data!.messages.find((message) => !message.ismine)!;
    await act(async () => {
      await current().remove.mutateAsync(mine.id_message);
    });
    await waitFor(() =>
      expect(current().thread.data!.messages.some((m) => m.id_message === mine.id_message)).toBe(
        false,
      ),
    );
    await act(async () => {
      await current()
        .remove.mutateAsync(theirs.id_message)
        .catch(() => undefined);
    });
    await waitFor(() => expect(current().remove.isError).toBe(true));
    expect(current().thread.data!.messages.some((m) => m.id_message === theirs.id_message)).toBe(
      true,
    );
  });
});
