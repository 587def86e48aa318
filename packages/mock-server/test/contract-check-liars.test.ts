import { runCheck } from '@lms/contract/check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  blamed,
  closeServers,
  envelope,
  failed,
  json,
  startLyingServer,
  startMock,
  type Lie,
} from './lying-server.js';

// The contract checker against the mock server behind proxies that lie the ways real backends do:
// each lie must be caught, naming the operation and the field or rule, and nothing else may be
// blamed.

/**
 * The accounts, and no slow-client probe: these proxies keep a slow client as long as Node lets
 * them (a minute), so it would hold every run for its give-up time; contract-check-security.test.ts
 * is where the probe is tried.
 */
const checking = { ...accounts, slowClientSeconds: 0 };

/**
 * A server that does not look whose data is asked for: the mock's refusal of another person's data
 * on `path` becomes the last 200 anyone got there.
 */
function leaks(path: string): Lie {
  let last: Buffer | null = null;
  return {
    answer: (x) => {
      if (x.path !== path) return;
      if (x.status === 200) last = x.answer;
      else if (x.status === 403 && last && /names another/.test(x.answer.toString())) {
        x.status = 200;
        x.answer = last;
      }
    },
  };
}

/** A classmate's row added to every journal a student reads. */
const classmateRow: Lie = {
  answer: (x) => {
    if (x.path !== '/api/visitlog/getjournalforstudent' || x.status !== 200) return;
    const body = json(x.answer) as { data: { data: { id_student: number }[] } };
    const own = body.data.data[0];
    if (own) body.data.data.push({ ...own, id_student: own.id_student + 1 });
    x.answer = Buffer.from(JSON.stringify(body));
  },
};

/**
 * A teacher's class journal that also lists a student of another group: the second student, whose
 * id the proxy learns from their own sign-in.
 */
function outsiderInClassJournal(): Lie & { outsider: () => number | undefined } {
  let outsider: number | undefined;
  return {
    outsider: () => outsider,
    answer: (x) => {
      if (x.path === '/api/auth/orize.json' && x.status === 200) {
        const { login } = json(x.body) as { login?: string };
        const { data } = json(x.answer) as { data: { id: number } };
        if (login === accounts.student2.login) outsider = data.id;
        return;
      }
      if (x.path !== '/api/visitlog/getjournal' || x.status !== 200 || outsider === undefined)
        return;
      const body = json(x.answer) as { data: { data: { id_student: number; s_fio: string }[] } };
      const first = body.data.data[0];
      if (first) body.data.data.push({ ...first, id_student: outsider, s_fio: 'Чужой Студент' });
      x.answer = Buffer.from(JSON.stringify(body));
    },
  };
}

/** One row more in every answer on `path`: the first row, with `changes`. */
function extraRow(path: string, changes: (first: Record<string, unknown>) => object): Lie {
  return {
    answer: (x) => {
      if (x.path !== path || x.status !== 200) return;
      const body = json(x.answer) as { data: Record<string, unknown>[] };
      const first = body.data[0];
      if (first) body.data.push({ ...first, ...changes(first) });
      x.answer = Buffer.from(JSON.stringify(body));
    },
  };
}

/** Sign-in's `name` cookie set with other attributes (the answer's own Date in hand). */
function signInCookie(name: string, attributes: (answeredAt: number) => string): Lie {
  return {
    answer: (x) => {
      if (x.path !== '/api/auth/orize.json') return;
      const headers = new Headers();
      x.answerHeaders.forEach((value, header) => {
        if (header !== 'set-cookie') headers.set(header, value);
      });
      const answeredAt = Date.parse(x.answerHeaders.get('date') ?? '');
      for (const line of x.answerHeaders.getSetCookie()) {
        const pair = line.split(';')[0] ?? '';
        headers.append(
          'set-cookie',
          pair.startsWith(`${name}=`) ? `${pair}; ${attributes(answeredAt)}` : line,
        );
      }
      x.answerHeaders = headers;
    },
  };
}

/** Sign-in's session cookie sent to every site and kept for ten years. */
const everlastingCookie = signInCookie('token', () => 'Path=/; SameSite=None; Max-Age=315360000');

/** The XSRF cookie kept a month, by an Expires date alone. */
const monthLongXsrfCookie = signInCookie(
  'XSRF-TOKEN',
  (answeredAt) =>
    `Path=/; SameSite=Lax; Expires=${new Date(answeredAt + 30 * 86_400_000).toUTCString()}`,
);

/** The profile answer carries a password hash the contract does not declare. */
const passwordHash: Lie = {
  answer: (x) => {
    if (x.path !== '/api/profile/data.json' || x.status !== 200) return;
    const body = json(x.answer) as { data: Record<string, unknown> };
    body.data.passwordHash = '$2b$10$abcdefghijklmnopqrstuv';
    x.answer = Buffer.from(JSON.stringify(body));
  },
};

/** CORS that reflects any Origin, with credentials. */
const reflectedCors: Lie = {
  answer: (x) => {
    const origin = x.headers.get('origin');
    if (!origin) return;
    const headers = new Headers(x.answerHeaders);
    headers.set('access-control-allow-origin', origin);
    headers.set('access-control-allow-credentials', 'true');
    x.answerHeaders = headers;
  },
};

/** A role refusal answered 200: the student's UMK save "succeeds" (nothing is stored). */
const roleAnswered200: Lie = {
  answer: (x) => {
    if (x.path !== '/api/umk/insertorupdateumk' || x.status !== 403) return;
    if (!/not for this role/.test(x.answer.toString())) return;
    x.status = 200;
    x.answer = envelope({ idBook: 1 });
  },
};

/**
 * Sessions that outlive their end (logout, a password change): a token the mock no longer knows
 * is signed in again behind the client's back with the credentials it first signed in with.
 */
function immortalSessions(): Lie {
  const credentials = new Map<string, string>();
  const tokenOf = (cookie: string | null) => /(?:^|;\s*)token=([^;]+)/.exec(cookie ?? '')?.[1];
  return {
    request: async (x) => {
      const token = tokenOf(x.headers.get('cookie'));
      if (!token || !credentials.has(token)) return false;
      const probe = await x.forward(x.path, {
        method: x.method,
        headers: x.headers,
        body: x.body.length > 0 ? x.body : undefined,
      });
      if (probe.status !== 401) {
        x.status = probe.status;
        x.answerHeaders = probe.headers;
        x.answer = Buffer.from(await probe.arrayBuffer());
        return true;
      }
      await probe.arrayBuffer();
      const again = await x.forward('/api/auth/orize.json', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: credentials.get(token)!,
      });
      await again.arrayBuffer();
      const fresh = again.headers.getSetCookie().map((line) => line.split(';')[0]);
      const headers = new Headers(x.headers);
      headers.set('cookie', fresh.join('; '));
      const retried = await x.forward(x.path, {
        method: x.method,
        headers,
        body: x.body.length > 0 ? x.body : undefined,
      });
      x.status = retried.status;
      x.answerHeaders = new Headers([...retried.headers].filter(([n]) => n !== 'set-cookie'));
      x.answer = Buffer.from(await retried.arrayBuffer());
      return true;
    },
    answer: (x) => {
      if (x.path !== '/api/auth/orize.json' || x.status !== 200) return;
      const token = tokenOf(x.answerHeaders.getSetCookie().join('; '));
      if (token) credentials.set(token, x.body.toString());
    },
  };
}

/** Sign-in that a generated mock would give: 200 with the example, no cookie, role 3. */
const cookielessSignIn: Lie = {
  request: (x) => {
    if (x.path !== '/api/auth/orize.json') return false;
    x.status = 200;
    x.answerHeaders = new Headers({ 'content-type': 'application/json' });
    x.answer = envelope({ uid: 1, id: 1, role: 3, name: 'Example' });
    return true;
  },
};

/** A write without (or with a wrong) X-XSRF-TOKEN taken: the proxy adds the right one. */
const xsrfAdded: Lie = {
  request: (x) => {
    if (x.path !== '/api/singlewindow/order/save') return;
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(x.headers.get('cookie') ?? '')?.[1];
    if (xsrf) x.headers.set('x-xsrf-token', decodeURIComponent(xsrf));
  },
};

/** misc/years drops each year's required `name`; umk/types answers 500. */
const brokenShapes: Lie = {
  request: (x) => {
    if (x.path !== '/api/umk/types') return false;
    x.status = 500;
    x.answerHeaders = new Headers({ 'content-type': 'application/json' });
    x.answer = Buffer.from(JSON.stringify({ result: 1, error: 'broken on purpose', data: null }));
    return true;
  },
  answer: (x) => {
    if (x.path !== '/api/misc/years' || x.status !== 200) return;
    const body = json(x.answer) as { data: Record<string, unknown>[] };
    body.data = body.data.map(({ name: _name, ...rest }) => rest);
    x.answer = Buffer.from(JSON.stringify(body));
  },
};

let mock = '';
beforeAll(async () => {
  mock = await startMock();
});
afterAll(closeServers);

describe('the contract checker against lying servers', () => {
  it('catches other people’s data, undeclared secrets, credentialed CORS and a role refusal answered 200', async () => {
    const liar = await startLyingServer(mock, [
      leaks('/api/visitlog/getjournalforstudent'),
      leaks('/api/misc/paymentcode'),
      leaks('/api/singlewindow/order/list'),
      passwordHash,
      reflectedCors,
      roleAnswered200,
    ]);
    const report = await runCheck({ target: liar, ...checking, seed: 3 });
    for (const [operationId, field] of [
      ['visitlogGetJournalForStudent', 'id_student'],
      ['miscGetPaymentCode', 'id_student'],
      ['singlewindowGetOrderList', 'uid'],
    ] as const) {
      const caught = failed(report, operationId, 'owner');
      expect(caught?.detail, operationId).toMatch(
        /sent by the second (student|teacher) answered 200, expected 403/,
      );
      expect(caught?.detail, operationId).toContain(field);
    }
    expect(failed(report, 'profileGetData', 'fields')?.detail).toMatch(
      /\/data\/passwordHash, not declared by the contract/,
    );
    expect(failed(report, 'profileGetData', 'cors')?.detail).toMatch(
      /Access-Control-Allow-Origin: https:\/\/contract-check.invalid with Access-Control-Allow-Credentials: true/,
    );
    expect(failed(report, 'singlewindowSaveOrder', 'cors')?.detail).toMatch(/a preflight/);
    expect(failed(report, 'umkSave', 'role')?.detail).toMatch(
      /the student's write answered 200, expected 403/,
    );
    // nothing else is blamed: the CORS lie is on every operation, the rest on theirs
    const others = [...blamed(report)].filter((name) => !name.endsWith(' cors'));
    expect(new Set(others)).toEqual(
      new Set([
        'visitlogGetJournalForStudent owner',
        'miscGetPaymentCode owner',
        'singlewindowGetOrderList owner',
        'profileGetData fields',
        'umkSave role',
        // the made-up success is not the declared shape either
        'umkSave answers',
      ]),
    );
  });

  it('catches a student of another group in a teacher’s class journal', async () => {
    const lie = outsiderInClassJournal();
    const report = await runCheck({ target: await startLyingServer(mock, [lie]), ...checking });
    const outsider = lie.outsider();
    expect(outsider).toBeTypeOf('number');
    expect(failed(report, 'visitlogGetJournal', 'owner')?.detail).toMatch(
      new RegExp(
        `^the journal of the teacher's class \\(group \\d+\\) lists a student outside it: /data/data/\\d+/id_student ${outsider}: the second student, of group \\d+$`,
      ),
    );
    expect(blamed(report)).toEqual(new Set(['visitlogGetJournal owner']));
  });

  it('catches a student of another group among a discipline’s students, and one the class does not have in the visit log of a date', async () => {
    const liar = await startLyingServer(mock, [
      extraRow('/api/discipline/students/list', (first) => ({
        idid: 999_001,
        group: Number(first.group) + 1000,
      })),
      extraRow('/api/visitlog/getstudentslistsubgroupupdate', () => ({ id_student: 999_002 })),
    ]);
    const report = await runCheck({ target: liar, ...checking });
    expect(failed(report, 'disciplineGetStudents', 'owner')?.detail).toMatch(
      /^the students \(chat contacts\) of the teacher's class \(group (\d+)\) lists a student outside it: \/data\/\d+\/idid 999001, of group 1\d{3}$/,
    );
    expect(failed(report, 'visitlogGetStudentsListSubgroupUpdate', 'owner')?.detail).toMatch(
      /lists a student outside it: \/data\/\d+\/id_student 999002, whom the class's own students list does not have$/,
    );
    expect(blamed(report)).toEqual(
      new Set(['disciplineGetStudents owner', 'visitlogGetStudentsListSubgroupUpdate owner']),
    );
  });

  it('catches a session cookie sent to every site and kept for ten years', async () => {
    const report = await runCheck({
      target: await startLyingServer(mock, [everlastingCookie]),
      ...checking,
    });
    expect(failed(report, 'authorize', 'cookies')?.detail).toBe(
      "token is set with SameSite=None: another site's requests carry it; token lives 10 years (Max-Age=315360000), longer than the session (24 hours)",
    );
    expect(blamed(report)).toEqual(new Set(['authorize cookies']));
    expect(report.security).toContainEqual({
      subject: 'cookie token',
      property: 'Max-Age/Expires',
      value: 'Max-Age=315360000',
      verdict: 'weak',
    });
  });

  it('reads a cookie’s lifetime from its Expires less the answer’s Date when it has no Max-Age', async () => {
    const report = await runCheck({
      target: await startLyingServer(mock, [monthLongXsrfCookie]),
      ...checking,
    });
    expect(failed(report, 'authorize', 'cookies')?.detail).toMatch(
      /^XSRF-TOKEN lives 30 days \(Expires=\w{3}, \d{2} \w{3} \d{4} [\d:]{8} GMT\), longer than the session \(24 hours\)$/,
    );
    expect(blamed(report)).toEqual(new Set(['authorize cookies']));
  });

  it('catches a classmate’s row in a student’s journal and sessions that outlive logout and a password change', async () => {
    const liar = await startLyingServer(mock, [classmateRow, immortalSessions()]);
    const report = await runCheck({ target: liar, ...checking, seed: 4 });
    expect(failed(report, 'visitlogGetJournalForStudent', 'owner')?.detail).toMatch(
      /the answer to the student names someone else: \/data\/data\/1\/id_student is \d+, not the caller's \d+/,
    );
    expect(failed(report, 'logout', 'session-end')?.detail).toMatch(
      /the signed-out session's token, sent again, answers 200 \(expected 401\)/,
    );
    expect(failed(report, 'passwdReset', 'session-end')?.detail).toMatch(
      /a session signed in before the password change still answers 200/,
    );
    expect(blamed(report)).toEqual(
      new Set([
        'visitlogGetJournalForStudent owner',
        'logout session-end',
        'passwdReset session-end',
      ]),
    );
  });

  it('names each broken shape, a 500 and a write taken without XSRF', async () => {
    const liar = await startLyingServer(mock, [brokenShapes, xsrfAdded]);
    const report = await runCheck({ target: liar, ...checking, seed: 2 });
    expect(failed(report, 'miscGetYears', 'answers')?.detail).toMatch(/\/data\/0\/name/);
    expect(failed(report, 'umkGetTypes', 'answers')?.detail).toMatch(/500/);
    expect(failed(report, 'singlewindowSaveOrder', 'xsrf-missing')?.detail).toMatch(
      /without the X-XSRF-TOKEN|header missing answered 200/,
    );
    expect(blamed(report)).toEqual(
      new Set([
        'miscGetYears answers',
        // every request to it answers 500: valid, invalid and without a session alike
        'umkGetTypes answers',
        'umkGetTypes valid',
        'umkGetTypes invalid',
        'umkGetTypes no-session',
        'singlewindowSaveOrder xsrf-missing',
        'singlewindowSaveOrder xsrf-wrong',
      ]),
    );
    expect(report.assumptions.find((a) => a.unit === 'schema AcademicYear')?.verdict).toBe(
      'contradicted',
    );
  });

  it('never reads as a pass when sign-in sets no session: the reason, and nothing passes', async () => {
    const report = await runCheck({
      target: await startLyingServer(mock, [cookielessSignIn]),
      ...checking,
    });
    expect(report.signInFailed).toBe(true);
    expect(report.aborted).toMatch(
      /could not sign in as the teacher "teacher": no "token" cookie in Set-Cookie; role 3, outside 1 \(teacher\) and 2 \(student\)/,
    );
    expect(
      report.results.filter((r) => r.outcome === 'pass' && r.operationId !== 'authorize'),
    ).toEqual([]);
  });
});
