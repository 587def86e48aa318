import { createLmsClient, type LmsClient } from '@lms/client';
import { createApp } from '@lms/mock-server';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COPIED_NOTICE_MS } from '../src/features/payment-code/components/copy-code-button';
import { codeGroups } from '../src/features/payment-code/utils/code-groups';
import { renderApp } from './support/render-app';
import { preloadScreens } from './support/preload-screens';

preloadScreens('paymentcode');

interface Call {
  path: string;
  body: unknown;
}

/**
 * The mock server in-process, as test/mock-backend.ts wires it, plus two things these tests need:
 * the request bodies, and the server's fault scenario (X-Mock-Scenario) for chosen paths.
 */
function createBackend(scenarioFor: (path: string) => string | undefined = () => undefined) {
  const app = createApp({ validateResponses: true });
  const calls: Call[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    const headers = new Headers(request.headers);
    if (document.cookie) headers.set('cookie', document.cookie);
    const scenario = scenarioFor(path);
    if (scenario) headers.set('x-mock-scenario', scenario);
    const body = request.method === 'GET' ? undefined : await request.arrayBuffer();
    const text = body ? new TextDecoder().decode(body) : '';
    calls.push({ path, body: text.startsWith('{') ? JSON.parse(text) : undefined });
    const response = await app.request(request.url, { method: request.method, headers, body });
    for (const cookie of response.headers.getSetCookie()) document.cookie = cookie;
    return response;
  };
  const client: LmsClient = createLmsClient({ baseUrl: 'http://lms.test', fetch });
  return { client, calls, paths: () => calls.map((call) => call.path) };
}

type Backend = ReturnType<typeof createBackend>;

async function signIn(backend: Backend, login = 'student', password = 'Student1') {
  const user = await backend.client.post('/api/auth/orize.json', { body: { login, password } });
  if (!user) throw new Error(`no demo user ${login}`);
  return user;
}

/** The id of an academic year by its name, as the server lists them. */
async function yearId(backend: Backend, name: string) {
  const years = await backend.client.post('/api/misc/years', { body: {} });
  const year = years?.find((item) => item.name === name);
  if (!year) throw new Error(`no academic year ${name}`);
  return year.id_a_year;
}

/** The code the server gives for the signed-in student's group this year and a service. */
async function expectedCode(backend: Backend, id_student: number, id_uslug: number) {
  const id_year = await yearId(backend, '2026-2027');
  const [group] = await backend.client.post('/api/misc/getgroups', {
    body: { id_a_year: id_year, id_student },
  });
  const code = await backend.client.post('/api/misc/paymentcode', {
    body: { id_year, id_group: group!.id_group, id_student, id_uslug },
  });
  return code!.account;
}

const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const selectedText = (name: string) => select(name).selectedOptions[0]?.textContent;
const optionTexts = (name: string) =>
  Array.from(select(name).options, (option) => option.textContent);

/** The code the card shows (its digits are in groups, one span each), or null without a card. */
function shownCode(): string | null {
  const card = screen.queryByRole('region', { name: 'Ваш код оплаты' });
  return card?.querySelector('[translate="no"]')?.textContent ?? null;
}

const findCode = (account: string) => waitFor(() => expect(shownCode()).toBe(account));

async function openAsStudent(
  scenarioFor?: (path: string) => string | undefined,
  login: 'student' | 'student3' = 'student',
) {
  const backend = createBackend(scenarioFor);
  const student = await signIn(backend, login, login === 'student' ? 'Student1' : 'Student3');
  await renderApp({ client: backend.client, path: '/lms/paymentcode' });
  expect(await screen.findByRole('heading', { level: 1, name: 'Код оплаты' })).toBeTruthy();
  return { backend, student, user: userEvent.setup() };
}

/** The screen as a student opens it, once the student's group this year is chosen. */
async function openWithGroup(
  scenarioFor?: (path: string) => string | undefined,
  login?: 'student' | 'student3',
) {
  const opened = await openAsStudent(scenarioFor, login);
  await waitFor(() => expect(selectedText('Группа')).toBe(opened.student.group));
  return opened;
}

/** The mock server's fault `scenario` for calls to `path` only. */
const scenarioOn = (path: string, scenario: string) => (target: string) =>
  target === path ? scenario : undefined;

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('payment code: pickers', () => {
  it("starts on the current year and the student's group, the service on ' --- ', and asks for nothing yet", async () => {
    const { backend, student } = await openAsStudent();

    await waitFor(() => expect(selectedText('Группа')).toBe(student.group));
    expect(selectedText('Учебный год')).toBe('2026-2027');
    expect(selectedText('Услуга')).toBe(' --- ');
    for (const name of ['Учебный год', 'Группа', 'Услуга']) {
      const first = select(name).options[0];
      expect([first?.value, first?.textContent]).toEqual(['-1', ' --- ']);
    }
    // Every service from the server is offered.
    expect(within(select('Услуга')).getByRole('option', { name: 'Дубликат зачётной книжки' }));
    expect(
      screen.getByText('Выберите учебный год, группу и услугу, чтобы получить код оплаты'),
    ).toBeTruthy();

    const groupsCall = backend.calls.find((call) => call.path === '/api/misc/getgroups');
    expect(groupsCall?.body).toEqual({
      id_a_year: await yearId(backend, '2026-2027'),
      id_student: student.id,
    });
    // A cold load asks for the default year once (the shell's academic context), and the groups
    // of each year once (the default year's request is the shell's, shared with the screen).
    expect(backend.paths().filter((path) => path === '/api/misc/defaultyear')).toHaveLength(1);
    const years = (await backend.client.post('/api/misc/years', { body: {} })) ?? [];
    const groupCalls = backend.calls.filter((call) => call.path === '/api/misc/getgroups');
    expect(groupCalls.map((call) => call.body)).toEqual(
      expect.arrayContaining(
        years.map((year) => ({ id_a_year: year.id_a_year, id_student: student.id })),
      ),
    );
    expect(groupCalls).toHaveLength(years.length);
    expect(backend.paths()).not.toContain('/api/misc/paymentcode');
  });

  it('shows the code from `account` once year, group and service are chosen, with the price and a QR image', async () => {
    const { backend, student, user } = await openWithGroup();
    const account = await expectedCode(backend, student.id, 1);

    await user.selectOptions(select('Услуга'), 'Оплата за обучение (контракт)');
    expect(screen.getByText('Стоимость: 48 000 сом')).toBeTruthy();

    const card = await screen.findByRole('region', { name: 'Ваш код оплаты' });
    expect(shownCode()).toBe(account);
    // Read in groups of four digits, with nothing between them that a copy would take along.
    const groups = card.querySelectorAll('[translate="no"] > span');
    expect(Array.from(groups, (group) => group.textContent)).toEqual(codeGroups(account));
    expect(groups.length).toBe(Math.ceil(account.length / 4));
    expect(within(card).getByText('К оплате: 48 000 сом')).toBeTruthy();
    const qr = within(card).getByRole('img', { name: `QR-код с кодом оплаты ${account}` });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelectorAll('path').length).toBeGreaterThan(0);

    const codeCall = backend.calls.find((call) => call.path === '/api/misc/paymentcode');
    expect(codeCall?.body).toEqual({
      id_year: await yearId(backend, '2026-2027'),
      id_group: student.id_group,
      id_student: student.id,
      id_uslug: 1,
    });
  });

  it('asks again when the service changes, and goes back to the prompt on the placeholder', async () => {
    const { backend, student, user } = await openWithGroup();
    const tuition = await expectedCode(backend, student.id, 1);
    const duplicate = await expectedCode(backend, student.id, 5);

    await user.selectOptions(select('Услуга'), 'Оплата за обучение (контракт)');
    await findCode(tuition);
    await user.selectOptions(select('Услуга'), 'Дубликат зачётной книжки');
    await findCode(duplicate);

    await user.selectOptions(select('Услуга'), ' --- ');
    expect(shownCode()).toBeNull();
    expect(
      screen.getByText('Выберите учебный год, группу и услугу, чтобы получить код оплаты'),
    ).toBeTruthy();
  });

  it('offers only the years in which the student was in a group, and says so', async () => {
    // The demo student started in 2026: 2026-2027 is the only year that leads to a code.
    await openWithGroup();
    expect(optionTexts('Учебный год')).toEqual([' --- ', '2026-2027']);
    expect(screen.getByText('Показаны только годы, когда вы числились в группе')).toBeTruthy();
    expect(select('Учебный год').getAttribute('aria-describedby')).toBeTruthy();
  });

  it('clears the group when the year changes, and offers that year’s group', async () => {
    // A third-year student: three years with a group, not the year before they started.
    const { backend, student, user } = await openWithGroup(undefined, 'student3');
    await waitFor(() =>
      expect(optionTexts('Учебный год')).toEqual([' --- ', '2026-2027', '2025-2026', '2024-2025']),
    );
    await user.selectOptions(select('Услуга'), 'Оплата за обучение (контракт)');
    await screen.findByRole('region', { name: 'Ваш код оплаты' });

    await user.selectOptions(select('Учебный год'), '2025-2026');
    expect(selectedText('Группа')).toBe(' --- ');
    expect(screen.queryByRole('region', { name: 'Ваш код оплаты' })).toBeNull();
    await waitFor(() => expect(select('Группа').disabled).toBe(false));
    await user.selectOptions(select('Группа'), student.group!);
    await screen.findByRole('region', { name: 'Ваш код оплаты' });
    const codeCall = backend.calls.filter((call) => call.path === '/api/misc/paymentcode').at(-1);
    expect(codeCall?.body).toMatchObject({ id_year: await yearId(backend, '2025-2026') });
  });

  it('says why nothing follows when the student is in no group in any year', async () => {
    await openAsStudent(scenarioOn('/api/misc/getgroups', 'empty'));
    expect(
      await screen.findByText(
        'Вы не числитесь ни в одной группе ни в одном учебном году, а код оплаты выдаётся по группе. Обратитесь в деканат.',
      ),
    ).toBeTruthy();
    expect(within(screen.getByRole('main')).queryByRole('combobox')).toBeNull();
  });

  it('with no year chosen, the group waits for one', async () => {
    const { user } = await openWithGroup();
    await user.selectOptions(select('Учебный год'), ' --- ');
    expect(select('Группа').disabled).toBe(true);
    expect(screen.getByText('Сначала выберите учебный год')).toBeTruthy();
  });
});

describe('payment code: code groups', () => {
  it('splits an all-digit code into fours from the left, and leaves any other code whole', () => {
    expect(codeGroups('26010107001017')).toEqual(['2601', '0107', '0010', '17']);
    expect(codeGroups('12345678')).toEqual(['1234', '5678']);
    expect(codeGroups('ЛС-2601-17')).toEqual(['ЛС-2601-17']);
    expect(codeGroups('')).toEqual(['']);
  });
});

describe('payment code: copying', () => {
  async function showCode() {
    const opened = await openWithGroup();
    const account = await expectedCode(opened.backend, opened.student.id, 1);
    await opened.user.selectOptions(select('Услуга'), 'Оплата за обучение (контракт)');
    await findCode(account);
    return { ...opened, account };
  }

  it('copies the code to the clipboard and confirms it', async () => {
    const { user, account } = await showCode();
    // userEvent.setup() installs its own clipboard stub; spy on the one the page will use.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    await user.click(screen.getByRole('button', { name: 'Скопировать код' }));
    expect(writeText).toHaveBeenCalledWith(account);
    expect(await navigator.clipboard.readText()).toBe(account);
    const status = screen.getByText('Код скопирован');
    expect(status.closest('[role="status"]')).toBeTruthy();
  });

  it('lets the confirmation go after a few seconds', async () => {
    await showCode();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      await user.click(screen.getByRole('button', { name: 'Скопировать код' }));
      expect(await screen.findByText('Код скопирован')).toBeTruthy();
      act(() => {
        vi.advanceTimersByTime(COPIED_NOTICE_MS);
      });
      expect(screen.queryByText('Код скопирован')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('selects the code and explains a manual copy when the clipboard refuses', async () => {
    const { user, account } = await showCode();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));

    await user.click(screen.getByRole('button', { name: 'Скопировать код' }));
    expect(await screen.findByText(/Не удалось скопировать автоматически/)).toBeTruthy();
    expect(window.getSelection()?.toString()).toBe(account);
    expect(screen.queryByText('Код скопирован')).toBeNull();
  });

  it('falls back the same way where the page has no clipboard at all (plain http)', async () => {
    const { user, account } = await showCode();
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });

    await user.click(screen.getByRole('button', { name: 'Скопировать код' }));
    expect(await screen.findByText(/Не удалось скопировать автоматически/)).toBeTruthy();
    expect(window.getSelection()?.toString()).toBe(account);
  });
});

describe('payment code: states', () => {
  it('explains to a teacher that codes belong to students, and asks the server nothing', async () => {
    const backend = createBackend();
    await signIn(backend, 'teacher', 'Teacher1');
    await renderApp({ client: backend.client, path: '/lms/paymentcode' });

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Код оплаты выдаётся студентам' }),
    ).toBeTruthy();
    expect(screen.getByText(/войдите под учётной записью студента/)).toBeTruthy();
    expect(within(screen.getByRole('main')).queryByRole('combobox')).toBeNull();
    for (const path of ['/api/misc/years', '/api/misc/uslugi', '/api/misc/paymentcode']) {
      expect(backend.paths()).not.toContain(path);
    }
  });

  it("shows 'Загрузка...' while the lists load", async () => {
    await openAsStudent(scenarioOn('/api/misc/uslugi', 'slow=300'));
    expect(within(screen.getByRole('main')).getByText('Загрузка...')).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Услуга' })).toBeTruthy();
  });

  it('shows the failed state when the lists cannot load, and recovers on retry', async () => {
    let failing = true;
    const { user } = await openAsStudent((path) =>
      failing && path === '/api/misc/years' ? 'server-error' : undefined,
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Не удалось загрузить учебные годы и услуги')).toBeTruthy();
    expect(within(screen.getByRole('main')).queryByRole('combobox')).toBeNull();

    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('combobox', { name: 'Учебный год' })).toBeTruthy();
  });

  it('starts with no year when the default year fails, and still works', async () => {
    const { student, user } = await openAsStudent(
      scenarioOn('/api/misc/defaultyear', 'server-error'),
    );
    await screen.findByRole('combobox', { name: 'Учебный год' });
    expect(selectedText('Учебный год')).toBe(' --- ');
    await user.selectOptions(select('Учебный год'), '2026-2027');
    await waitFor(() => expect(select('Группа').disabled).toBe(false));
    await user.selectOptions(select('Группа'), student.group!);
    await user.selectOptions(select('Услуга'), 'Пересдача экзамена');
    expect(await screen.findByRole('region', { name: 'Ваш код оплаты' })).toBeTruthy();
  });

  it('says so when there are no years', async () => {
    await openAsStudent(scenarioOn('/api/misc/years', 'empty'));
    expect(await screen.findByText('Список учебных годов пока пуст')).toBeTruthy();
    expect(within(screen.getByRole('main')).queryByRole('combobox')).toBeNull();
  });

  it('says so when there are no services', async () => {
    await openAsStudent(scenarioOn('/api/misc/uslugi', 'empty'));
    expect(await screen.findByText('Список платных услуг пока пуст')).toBeTruthy();
    expect(within(screen.getByRole('main')).queryByRole('combobox')).toBeNull();
  });

  it('shows the failed state of the group list with a retry', async () => {
    await openAsStudent(scenarioOn('/api/misc/getgroups', 'server-error'));
    expect(await screen.findByText('Не удалось загрузить группы')).toBeTruthy();
    expect(select('Группа').disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });

  it('shows the failed state of the code, keeping the choices', async () => {
    const { student, user } = await openWithGroup(
      scenarioOn('/api/misc/paymentcode', 'server-error'),
    );
    await user.selectOptions(select('Услуга'), 'Летний семестр (за кредит)');
    expect(await screen.findByText('Не удалось получить код оплаты')).toBeTruthy();
    expect(selectedText('Услуга')).toBe('Летний семестр (за кредит)');
    expect(selectedText('Группа')).toBe(student.group);
  });

  it('shows the empty state when the server has no code for the request', async () => {
    const { user } = await openWithGroup(scenarioOn('/api/misc/paymentcode', 'empty'));
    await user.selectOptions(select('Услуга'), 'Академическая справка');
    expect(await screen.findByText('Для этой услуги код оплаты не выдан')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Скопировать код' })).toBeNull();
  });
});
