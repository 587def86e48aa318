import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  useAcademicContext,
  type AcademicContext,
} from '../src/lib/academic-context/use-academic-context';
import { ApiClientProvider } from '../src/lib/query/api-client';
import { isPortalUser } from '../src/lib/session/roles';
import { createTestQueryClient } from './support/render-app';
import { signInDemo, type MockBackend } from './support/mock-backend';

const CHAIN = {
  teacher: {
    disciplines: '/api/discipline/list',
    semesters: '/api/discipline/semester/list',
    groups: '/api/discipline/group/list',
  },
  student: {
    disciplines: '/api/discipline/forStudentDisciplinelist',
    semesters: '/api/discipline/studentSemester/list',
    groups: '/api/discipline/studentGroup/list',
  },
} as const;

async function renderContext(login: 'teacher' | 'student') {
  const { backend, user } = await signInDemo(login);
  if (!isPortalUser(user)) throw new Error('the demo account is not a teacher or a student');
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiClientProvider client={backend.client}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ApiClientProvider>
  );
  const hook = renderHook(() => useAcademicContext(user), { wrapper });
  return { backend, user, hook, current: (): AcademicContext => hook.result.current };
}

function count(backend: MockBackend, path: string) {
  return backend.calls.filter((call) => call === path).length;
}

describe('the academic context (reference-data chain)', () => {
  it.each(['teacher', 'student'] as const)(
    'starts on the current year and first ws, then asks for the %s disciplines',
    async (login) => {
      const { backend, current } = await renderContext(login);
      await waitFor(() => expect(current().disciplines.isSuccess).toBe(true));
      const ctx = current();
      expect(ctx.year).toBe(ctx.currentYear.data?.[0]?.id_a_year);
      expect(ctx.ws).toBe(ctx.currentWs.data?.[0]?.ws);
      expect(ctx.disciplines.data?.length).toBeGreaterThan(0);
      expect(count(backend, CHAIN[login].disciplines)).toBe(1);
      // No discipline is chosen yet, so the chain stops there.
      expect(ctx.discipline).toBeNull();
      expect(backend.calls).not.toContain(CHAIN[login].semesters);
      expect(ctx.contacts).toBeNull();
    },
  );

  it.each(['teacher', 'student'] as const)(
    'for a %s, a discipline brings its semesters, the first semester its groups, the first group the contacts',
    async (login) => {
      const { backend, current } = await renderContext(login);
      await waitFor(() => expect(current().disciplines.isSuccess).toBe(true));
      const first = current().disciplines.data![0]!;
      act(() => current().choose.discipline(first.id_discipline));
      await waitFor(() => expect(current().groups.isSuccess).toBe(true));
      const ctx = current();
      expect(ctx.discipline?.id_discipline).toBe(first.id_discipline);
      expect(ctx.semester).toEqual(ctx.semesters.data?.[0]);
      expect(ctx.group).toEqual(ctx.groups.data?.[0]);
      expect(count(backend, CHAIN[login].semesters)).toBe(1);
      expect(count(backend, CHAIN[login].groups)).toBe(1);
      expect(ctx.contacts).toMatchObject({
        id_discipline: first.id_discipline,
        id_semester: ctx.semester?.id_semester,
        id_group: ctx.group?.id_group,
        isPotok: ctx.group?.isPotok ?? false,
      });
    },
  );

  it('choosing a workspace resets the discipline, and a group choice lasts only while offered', async () => {
    const { current } = await renderContext('teacher');
    await waitFor(() => expect(current().disciplines.isSuccess).toBe(true));
    act(() => current().choose.discipline(current().disciplines.data![0]!.id_discipline));
    await waitFor(() => expect(current().group).not.toBeNull());
    const halves = current().currentWs.data!;
    const other = halves.find((half) => half.ws !== current().ws);
    expect(other).toBeDefined();
    act(() => current().choose.ws(other!.ws));
    expect(current().ws).toBe(other!.ws);
    expect(current().discipline).toBeNull();
    expect(current().group).toBeNull();
    await waitFor(() => expect(current().disciplines.isFetching).toBe(false));
  });

  it('asks for the default year once and, for a student, the groups of that year', async () => {
    const { backend, current, user } = await renderContext('student');
    await waitFor(() => expect(current().studentGroups.isSuccess).toBe(true));
    expect(count(backend, '/api/misc/defaultyear')).toBe(1);
    expect(count(backend, '/api/misc/getgroups')).toBe(1);
    expect(current().studentGroups.data?.map((group) => group.name)).toContain(user.group);
  });

  it('asks a teacher for no student groups', async () => {
    const { backend, current } = await renderContext('teacher');
    await waitFor(() => expect(current().defaultYear.isSuccess).toBe(true));
    expect(current().studentGroups.fetchStatus).toBe('idle');
    expect(backend.calls).not.toContain('/api/misc/getgroups');
  });
});
