import type { Locator, Page } from '@playwright/test';
import {
  apiSignIn,
  checkLooks,
  chooseCertificateOrder,
  openWebDevelopmentContact,
  demo,
  DESKTOP,
  expect,
  expectAccessible,
  fullNameOf,
  logIn,
  PHONE,
  resizeTo,
  test,
  TINY_PDF,
} from './fixtures';

// Nothing a person typed is lost: a form half filled keeps every value, file and the focus while
// the window crosses 899.92 px both ways (a tablet rotates, a laptop is docked), and comes back
// after a reload; a session that ends while news is being posted says so and returns the draft
// after signing in again; a person who signs out of a shared computer leaves nothing behind.

test.describe.configure({ timeout: 90_000 });
test.use({ actionTimeout: 10_000, signedInAs: 'teacher' });

// The mock world's clock is frozen at Friday 20 November 2026; the browser's today must agree.
const NOW = new Date('2026-11-20T10:00:00+06:00');
const file = (name: string) => ({ name, mimeType: 'application/pdf', buffer: TINY_PDF });

const main = (page: Page) => page.locator('main');

/** Desktop → phone → desktop with the form filled: `check` proves it intact at each width. */
async function crossBothWays(page: Page, check: () => Promise<void>) {
  await check();
  await resizeTo(page, PHONE.width);
  await check();
  await resizeTo(page, DESKTOP.width);
  await check();
}

/** Every value of one IndexedDB database of the page, as JSON (files by name). */
async function storedValues(page: Page, database: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await indexedDB.databases()).some((info) => info.name === name)) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const found: string[] = [];
    for (const storeName of [...db.objectStoreNames]) {
      const values = await new Promise<unknown[]>((resolve, reject) => {
        const read = db.transaction(storeName).objectStore(storeName).getAll();
        read.onsuccess = () => resolve(read.result as unknown[]);
        read.onerror = () => reject(read.error);
      });
      found.push(...values.map((value) => JSON.stringify(value)));
    }
    db.close();
    return found;
  }, database);
}

const restoredNote = (scope: Page | Locator) =>
  scope.getByRole('status').filter({ hasText: 'Черновик восстановлен' });

test('the news composer keeps text, audience and files across the breakpoint and a reload', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/lms');
  const text = page.getByRole('textbox', { name: 'Текст новости' });
  const files = page.getByRole('list', { name: 'Прикрепленные файлы' }).getByRole('listitem');
  await text.fill('Собрание кафедры переносится на понедельник.');
  await page.getByRole('radio', { name: 'Студентам' }).check();
  await page
    .getByLabel('Прикрепить файлы')
    .setInputFiles([file('Повестка.pdf'), file('Список.pdf')]);
  await text.focus();

  await crossBothWays(page, async () => {
    await expect(text).toHaveValue('Собрание кафедры переносится на понедельник.');
    await expect(page.getByRole('radio', { name: 'Студентам' })).toBeChecked();
    await expect(files).toHaveCount(2);
    await expect(text).toBeFocused();
  });

  // A reload on a phone: the main screen opens on its apps tab; the news tab has the draft.
  await page.setViewportSize(PHONE);
  await page.reload();
  await page
    .getByRole('navigation', { name: 'Главный экран' })
    .getByRole('button', { name: 'Новости' })
    .click();
  await expect(text).toHaveValue('Собрание кафедры переносится на понедельник.');
  await expect(page.getByRole('radio', { name: 'Студентам' })).toBeChecked();
  await expect(files).toHaveCount(2);
  await expect(files.first()).toContainText('Повестка.pdf');
  await expect(restoredNote(page)).toBeVisible();
  await checkLooks(page, 'kept-news', { widths: [PHONE.width], fullPage: true });

  // Published, the draft is gone: the next reload shows an empty composer.
  await page.getByRole('button', { name: 'Опубликовать' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Новость опубликована' })).toBeVisible();
  await page.reload();
  await page
    .getByRole('navigation', { name: 'Главный экран' })
    .getByRole('button', { name: 'Новости' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Новости' })).toBeVisible();
  await expect(text).toHaveValue('');
});

test.describe(() => {
  test.use({ signedInAs: 'student' });

  test('a chat draft stays with its conversation across the breakpoint and a reload', async ({
    page,
    request,
  }) => {
    const teacherName = await fullNameOf(request, 'teacher');
    await page.setViewportSize(DESKTOP);
    await page.goto('/lms');
    const openTeacher = async () => {
      await openWebDevelopmentContact(page, teacherName);
      await expect(page.getByRole('heading', { level: 1, name: teacherName })).toBeVisible();
    };
    await openTeacher();
    const composer = page.getByRole('form', { name: 'Сообщение' });
    const box = composer.getByRole('textbox', { name: 'Сообщение' });
    await composer.getByLabel('Файлы и фото').setInputFiles(file('Реферат.pdf'));
    await box.fill('Здравствуйте! Прикладываю реферат, посмотрите, пожалуйста');
    await box.focus();

    await crossBothWays(page, async () => {
      await expect(box).toHaveValue('Здравствуйте! Прикладываю реферат, посмотрите, пожалуйста');
      await expect(composer).toContainText('Реферат.pdf');
      await expect(box).toBeFocused();
    });

    await page.reload();
    await openTeacher();
    await expect(box).toHaveValue('Здравствуйте! Прикладываю реферат, посмотрите, пожалуйста');
    await expect(composer).toContainText('Реферат.pdf');
    await expectAccessible(page, 'restored chat draft, desktop');
  });
});

test('a half-taken roll call survives the breakpoint and a reload', async ({ page }) => {
  await page.clock.setFixedTime(NOW);
  await page.setViewportSize(DESKTOP);
  const rollRows = main(page).getByRole('list', { name: 'Перекличка' }).locator(':scope > li');
  const openClass = async () => {
    await page.goto('/lms/journal');
    const discipline = main(page).getByLabel('Дисциплина');
    await expect(discipline.locator('option', { hasText: 'Веб-разработка' })).toBeAttached();
    await discipline.selectOption({ label: 'Веб-разработка' });
    await expect(rollRows).toHaveCount(12);
  };
  await openClass();
  const absent = (index: number) =>
    rollRows.nth(index).getByRole('button', { name: 'Отсутствует' });
  await absent(0).click();
  await absent(2).click();
  await absent(2).focus();

  await crossBothWays(page, async () => {
    await expect(absent(0)).toHaveAttribute('aria-pressed', 'true');
    await expect(absent(1)).toHaveAttribute('aria-pressed', 'false');
    await expect(absent(2)).toHaveAttribute('aria-pressed', 'true');
    await expect(main(page).getByText('Отсутствуют: 2')).toBeVisible();
    await expect(absent(2)).toBeFocused();
  });

  await page.setViewportSize(PHONE);
  await page.reload();
  await openClass();
  await expect(absent(0)).toHaveAttribute('aria-pressed', 'true');
  await expect(absent(2)).toHaveAttribute('aria-pressed', 'true');
  await expect(main(page).getByText('Отсутствуют: 2')).toBeVisible();
  await expectAccessible(page, 'restored roll call at 390 px');
});

test('the UMK dialog keeps its fields and file across the breakpoint and a reload', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/lms/umk');
  const filters = page.getByRole('region', { name: 'Дисциплина и вид материала' });
  const chooseDiscipline = async () => {
    await filters
      .getByLabel('Дисциплина', { exact: true })
      .selectOption({ label: 'Веб-разработка' });
    const exam = filters.getByLabel('Форма контроля');
    if ((await exam.locator('option').count()) > 2) await exam.selectOption({ index: 1 });
  };
  await chooseDiscipline();
  await page.getByRole('button', { name: 'Добавить материал' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый материал' });
  await dialog.getByLabel('Выбрать файл').setInputFiles(file('Лекция 5.pdf'));
  const title = dialog.getByLabel(/^Название/);
  await title.fill('Лекция 5: WebSocket');
  await dialog.getByLabel('Автор').fill('Асанов Б.Э.');
  await title.focus();

  await crossBothWays(page, async () => {
    await expect(dialog).toBeVisible();
    await expect(title).toHaveValue('Лекция 5: WebSocket');
    await expect(dialog.getByLabel('Автор')).toHaveValue('Асанов Б.Э.');
    await expect(dialog).toContainText('Лекция 5.pdf');
    await expect(title).toBeFocused();
  });

  await page.reload();
  await chooseDiscipline();
  await page.getByRole('button', { name: 'Добавить материал' }).click();
  await expect(title).toHaveValue('Лекция 5: WebSocket');
  await expect(dialog.getByLabel('Автор')).toHaveValue('Асанов Б.Э.');
  await expect(dialog).toContainText('Лекция 5.pdf');
  await expect(restoredNote(dialog)).toBeVisible();
  await expectAccessible(page, 'restored UMK dialog, desktop');
});

test.describe(() => {
  test.use({ signedInAs: 'student' });

  test('a document order keeps its choices across the breakpoint and a reload', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/lms/singlewindow');
    const district = await chooseCertificateOrder(page);
    const doc = page.getByLabel('Документ');
    const districtValue = await district.inputValue();
    const note = page.getByLabel('Комментарий');
    await note.fill('Для стипендиального отдела');
    await note.focus();

    const check = async () => {
      await expect(doc.locator('option:checked')).toHaveText('Справка с места учёбы');
      await expect(page.getByLabel('Область').locator('option:checked')).toHaveText(
        'Чуйская область',
      );
      await expect(district).toHaveValue(districtValue);
      await expect(note).toHaveValue('Для стипендиального отдела');
      await expect(note).toBeFocused();
    };
    // This one starts on the phone: phone → desktop → phone.
    await check();
    await resizeTo(page, DESKTOP.width);
    await check();
    await resizeTo(page, PHONE.width);
    await check();

    await page.reload();
    await expect(doc.locator('option:checked')).toHaveText('Справка с места учёбы');
    await expect(district).toHaveValue(districtValue);
    await expect(note).toHaveValue('Для стипендиального отдела');
    await expectAccessible(page, 'restored order at 390 px');
  });
});

// About the session itself: these sign in through the login form, as a person does.
test.describe(() => {
  test.use({ signedInAs: undefined });

  test('a session that ends while news is posted says so, and the draft is back after signing in', async ({
    page,
  }) => {
    await logIn(page, 'teacher');
    const text = page.getByRole('textbox', { name: 'Текст новости' });
    await text.fill('Экзамен по базам данных в аудитории 305.');
    await page.getByLabel('Прикрепить файлы').setInputFiles(file('Билеты.pdf'));
    // The session has ended by the time the news is sent: the server refuses it with a 401 (only
    // this request, so no other call of the page finds out first).
    await page.route('**/api/news/insert.json', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ result: 1, error: 'Unauthorized', data: null }),
      }),
    );
    await page.getByRole('button', { name: 'Опубликовать' }).click();

    await expect(page).toHaveURL(/\/lms\/login$/);
    await expect(page.getByRole('alert')).toContainText('Сеанс завершён');
    await expectAccessible(page, 'login after an ended session');
    await page.getByLabel('Логин').fill(demo.teacher.login);
    await page.getByLabel('Пароль', { exact: true }).fill(demo.teacher.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/lms\/?$/);
    await expect(text).toHaveValue('Экзамен по базам данных в аудитории 305.');
    await expect(page.getByRole('list', { name: 'Прикрепленные файлы' })).toContainText(
      'Билеты.pdf',
    );

    // Now it goes: published, with its file, and the draft is gone.
    await page.unroute('**/api/news/insert.json');
    await page.getByRole('button', { name: 'Опубликовать' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Новость опубликована' }),
    ).toBeVisible();
    await expect(text).toHaveValue('');
    const first = page.getByRole('list', { name: 'Лента новостей' }).getByRole('article').first();
    await expect(first).toContainText('Экзамен по базам данных в аудитории 305.');
    await expect(first.getByRole('link', { name: 'Билеты.pdf' })).toBeVisible();
  });

  test('signing out of a shared computer leaves nothing of the first student for the next', async ({
    page,
    context,
    request,
  }) => {
    const teacherName = await fullNameOf(request, 'teacher');
    const first = await apiSignIn(request, 'student');
    await logIn(page, 'student');
    await openWebDevelopmentContact(page, teacherName);
    const composer = page.getByRole('form', { name: 'Сообщение' });
    const secret = `Личное сообщение ${Date.now()}`;
    await expect(page.getByRole('log', { name: 'Сообщения' })).toBeVisible();

    // Offline: the message and its PDF wait in the outbox; a second one stays a draft.
    await context.setOffline(true);
    await composer.getByLabel('Файлы и фото').setInputFiles(file('Справка.pdf'));
    await composer.getByRole('textbox', { name: 'Сообщение' }).fill(secret);
    await composer.getByRole('button', { name: 'Отправить' }).click();
    await expect(page.getByTestId('pending-message')).toContainText(secret);
    await composer.getByRole('textbox', { name: 'Сообщение' }).fill(`${secret} (черновик)`);
    // The draft's write is debounced: wait until it is on the device.
    await expect
      .poll(() => storedValues(page, 'lms-drafts'))
      .toContainEqual(expect.stringContaining('(черновик)'));

    await page.getByRole('button', { name: /Меню профиля/ }).click();
    await page.getByRole('menuitem', { name: 'Выйти' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Выйти и удалить неотправленное?' });
    await expect(ask).toContainText('1 неотправленная запись');
    await expect(ask).toContainText('1 черновик');
    await expectAccessible(page, 'sign-out confirmation');
    await page.screenshot({ path: 'test-results/kept-sign-out-dark.png' });
    await ask.getByRole('button', { name: 'Выйти и удалить' }).click();
    await expect(page).toHaveURL(/\/lms\/login$/);
    await context.setOffline(false);

    await logIn(page, 'student2');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    const left = await page.evaluate(async () => {
      const dump: string[] = [];
      for (const info of await indexedDB.databases()) {
        if (!info.name) continue;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(info.name!);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        for (const storeName of [...db.objectStoreNames]) {
          const values = await new Promise<unknown[]>((resolve, reject) => {
            const read = db.transaction(storeName).objectStore(storeName).getAll();
            read.onsuccess = () => resolve(read.result as unknown[]);
            read.onerror = () => reject(read.error);
          });
          const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
            const read = db.transaction(storeName).objectStore(storeName).getAllKeys();
            read.onsuccess = () => resolve(read.result);
            read.onerror = () => reject(read.error);
          });
          dump.push(`${info.name}/${storeName} keys: ${JSON.stringify(keys)}`);
          for (const value of values) {
            dump.push(
              `${info.name}/${storeName}: ${JSON.stringify(value, (_key, item: unknown) =>
                item instanceof Blob ? `[file ${item instanceof File ? item.name : 'blob'}]` : item,
              )}`,
            );
          }
        }
        db.close();
      }
      const caches = [];
      for (const name of await globalThis.caches.keys()) {
        for (const request of await (await globalThis.caches.open(name)).keys()) {
          caches.push(request.url);
        }
      }
      return { indexedDb: dump, caches, localStorage: JSON.stringify({ ...localStorage }) };
    });
    const everything = [...left.indexedDb, ...left.caches, left.localStorage].join('\n');
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain('Справка.pdf');
    expect(everything).not.toContain(first.user.fullName);
    expect(left.indexedDb.join('\n')).not.toMatch(new RegExp(`"owner":${first.user.uid}\\b`));
    expect(left.indexedDb.join('\n')).not.toContain(`user-${first.user.uid}`);
    expect(left.caches.filter((url) => url.includes('/api/'))).toEqual([]);
  });
});
