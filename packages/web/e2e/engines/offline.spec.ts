import { apiSignIn, expect, fullNameOf } from '../fixtures';
import { test } from './fixtures';
import { PHONE, until } from './person';
import { byRole, byTestId, byText, inside } from './targets';
import { main, openConversation, openMainTab } from './steps';

// The portal without its server: a message sent meanwhile waits in the outbox and is stored once
// when the server is back; the service worker opens the portal and shows what was kept on the
// device. The gate in front of the world takes the server away (e2e/engines/gate.ts).

test.use({ signedInAs: 'student' });

test('at 390 px, a chat message sent while the server is down waits, and is stored once when it is back', async ({
  person,
  gate,
  request,
}) => {
  const teacher = await fullNameOf(request, 'teacher');
  await person.resize(PHONE.width);
  await person.open('/lms');
  await openMainTab(person, 'Чат');
  await openConversation(person, teacher);
  const log = byRole('log', 'Сообщения');
  await person.sees(log);

  gate.serverDown();
  const text = `Отправлено без сервера ${Date.now()}`;
  const composer = byRole('form', 'Сообщение');
  await person.fill(inside(composer, byRole('textbox', 'Сообщение')), text);
  await person.click(inside(composer, byRole('button', 'Отправить')));
  await person.sees(byTestId('pending-message'), text);

  // Back: the outbox sends it by itself at its next retry (a backoff of a few seconds).
  gate.serverUp();
  await person.seesNo(byTestId('pending-message'), 30_000);
  await person.sees(inside(log, byText(text)));

  // On the server: one message of that text in the conversation, from one insert it took.
  const conversation = gate.passed().findLast((passed) => passed.path === '/api/chat/messages');
  const student = await apiSignIn(request, 'student');
  const answer = await request.post('/api/chat/messages', {
    headers: { 'X-XSRF-TOKEN': student.xsrf },
    data: conversation?.body,
  });
  expect(answer.ok()).toBe(true);
  const stored = ((await answer.json()) as { data: { messages: { message: string }[] } }).data;
  expect(stored.messages.filter((message) => message.message === text)).toHaveLength(1);
  expect(
    gate.passed().filter((passed) => passed.path === '/api/chat/insert' && passed.status === 200),
  ).toHaveLength(1);
});

test('at 390 px, the service worker opens the schedule again while the server is down, from what the device kept', async ({
  person,
  gate,
}) => {
  await person.resize(PHONE.width);
  await person.open('/lms/schedule');
  await person.sees(byRole('heading', 'Расписание', 1));
  // The worker installs once the first screen is shown, and controls the page it came with.
  await until(async () =>
    (await person.evaluate(() => navigator.serviceWorker.controller !== null, null))
      ? undefined
      : `${person.engine}: no service worker controls the page`,
  );
  // The schedule is kept on the device (lib/offline/offline-cache.ts) a moment after it is shown.
  await until(async () =>
    (await person.evaluate(keptSnapshots, null)).includes('"schedule"')
      ? undefined
      : `${person.engine}: the schedule is not kept on the device`,
  );
  const week = await person.textOf(main);

  gate.serverDown();
  await person.reload();
  await person.reaches(/^\/lms\/schedule$/);
  const notice = byText(/Нет связи с сервером.*Страница работает с сохранёнными данными/);
  await person.sees(notice);
  await person.sees(main, week);

  gate.serverUp();
  await person.seesNo(notice);
  await person.sees(byRole('heading', 'Расписание', 1));
});

/** The data kept for offline use (lib/offline/offline-cache.ts), as text; run in the page. */
function keptSnapshots(): Promise<string> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('lms-offline');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('snapshots')) {
        db.close();
        return resolve('');
      }
      const all = db.transaction('snapshots').objectStore('snapshots').getAll();
      all.onsuccess = () => {
        db.close();
        resolve((all.result as string[]).join('\n'));
      };
      all.onerror = () => reject(all.error);
    };
  });
}
