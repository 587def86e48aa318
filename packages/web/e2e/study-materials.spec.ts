import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from '@playwright/test';
import {
  checkLooks,
  DESKTOP,
  expect,
  expectAccessible,
  patternedFile,
  PHONE,
  setTheme,
  signInByApi,
  test,
  type DemoLogin,
} from './fixtures';

// Study materials: a teacher publishes a material for full-time students, also in the e-library; a
// full-time student finds it and downloads the very bytes; a material for distance students stays
// out of the full-time student's reach; the teacher edits and deletes. The teacher works on a
// 390 px phone, the student on a desktop.

test.describe.configure({ timeout: 90_000 });
test.use({ signedInAs: 'teacher' });

const DISCIPLINE = 'Веб-разработка';
const TITLE = 'Конспект лекций: HTTP и REST';
const HIDDEN_TITLE = 'Задания для дистанционной группы';

async function openAs(browser: Browser, who: DemoLogin, width: number, height: number) {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: 'ru-RU',
    timezoneId: 'Asia/Bishkek',
    acceptDownloads: true,
  });
  await signInByApi(context, who);
  const page = await context.newPage();
  await page.goto('/lms/umk');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Учебно-методический комплекс' }),
  ).toBeVisible();
  return page;
}

const filters = (page: Page) => page.getByRole('region', { name: 'Дисциплина и вид материала' });
const materials = (page: Page) => page.getByRole('list', { name: 'Материалы' });
const card = (page: Page, title: string) =>
  materials(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });

/** Chooses the option whose text starts with `prefix` (a teacher's full name from a short one). */
async function selectStartingWith(select: Locator, prefix: string) {
  await expect(select.locator('option', { hasText: prefix }).first()).toBeAttached();
  const value = await select.locator('option', { hasText: prefix }).first().getAttribute('value');
  await select.selectOption(value!);
}

async function chooseDiscipline(page: Page) {
  await filters(page).getByLabel('Дисциплина', { exact: true }).selectOption({ label: DISCIPLINE });
  const exam = filters(page).getByLabel('Форма контроля');
  // A discipline with one form of control has it chosen at once.
  if ((await exam.locator('option').count()) > 2) await exam.selectOption({ index: 1 });
  await expect(materials(page).or(page.getByText('Материалов пока нет.'))).toBeVisible();
}

async function publish(
  page: Page,
  material: { title: string; kind: string; pages: string; library: boolean },
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  await page.getByRole('button', { name: 'Добавить материал' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый материал' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Вид материала').selectOption({ label: 'Лекции' });
  await dialog.getByRole('radio', { name: material.kind }).check();
  await dialog.getByLabel('Выбрать файл').setInputFiles(file);
  await dialog.getByLabel(/^Название/).fill(material.title);
  await dialog.getByLabel('Автор').fill('Асанов Б.Э.');
  await dialog.getByLabel(/^Количество страниц/).fill(material.pages);
  if (material.library) {
    await dialog.getByLabel('Опубликовать также в электронной библиотеке').check();
    await dialog.getByLabel('Раздел библиотеки').selectOption({ index: 1 });
    const category = dialog.getByLabel('Категория');
    await expect(category.locator('option').nth(1)).toBeAttached();
    await category.selectOption({ index: 1 });
  }
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Материал сохранён.' })).toBeVisible();
  await expect(card(page, material.title)).toBeVisible();
}

test('a teacher publishes for full-time students; the full-time student finds and downloads it; the teacher edits and deletes it', async ({
  browser,
}) => {
  const lecture = patternedFile('HTTP и REST.pdf', 'application/pdf', 96 * 1024, 3);
  const hidden = patternedFile('Задания.pdf', 'application/pdf', 8 * 1024, 9);

  // The teacher, on a phone.
  const teacher = await openAs(browser, 'teacher', 390, 844);
  await chooseDiscipline(teacher);
  await publish(
    teacher,
    { title: TITLE, kind: 'Очное обучение', pages: '24', library: true },
    lecture,
  );
  await publish(
    teacher,
    { title: HIDDEN_TITLE, kind: 'Дистанционное обучение', pages: '6', library: false },
    hidden,
  );
  await expect(card(teacher, TITLE).getByText('Есть в электронной библиотеке')).toBeVisible();
  const hiddenHref = await card(teacher, HIDDEN_TITLE)
    .getByRole('link', { name: `Скачать ${HIDDEN_TITLE}` })
    .getAttribute('href');
  await checkLooks(teacher, 'umk-teacher', { widths: [PHONE.width], fullPage: true });

  // The full-time student, on a desktop: semester → discipline → teacher, then the download.
  const student = await openAs(browser, 'student', 1280, 800);
  await chooseDiscipline(student);
  await selectStartingWith(filters(student).getByLabel('Преподаватель'), 'Асанов');
  await expect(card(student, TITLE)).toBeVisible();
  await expect(card(student, HIDDEN_TITLE)).toHaveCount(0);
  const downloading = student.waitForEvent('download');
  await card(student, TITLE)
    .getByRole('link', { name: `Скачать ${TITLE}` })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(lecture.name);
  expect((await readFile((await download.path())!)).equals(lecture.buffer)).toBe(true);
  // The distance students' material: not listed, and its address answers as if it did not exist.
  const refused = await student.request.get(hiddenHref!);
  expect(refused.status()).toBe(404);
  // Also in the e-library, from UMK.
  await student.goto('/lms/library');
  await student.getByLabel('Поиск', { exact: true }).fill(TITLE);
  const inLibrary = student.getByRole('list', { name: 'Книги' }).locator(':scope > li');
  await expect(inLibrary).toHaveCount(1);
  await expect(inLibrary.getByRole('heading', { name: TITLE })).toBeVisible();
  await expect(inLibrary.getByText('Из УМК')).toBeVisible();
  await student.goBack();
  await chooseDiscipline(student);
  await selectStartingWith(filters(student).getByLabel('Преподаватель'), 'Асанов');
  await expect(card(student, TITLE)).toBeVisible();
  await checkLooks(student, 'umk-student', { widths: [DESKTOP.width], fullPage: true });

  // The teacher edits the title, then deletes the material.
  const edited = `${TITLE} (дополнено)`;
  await card(teacher, TITLE)
    .getByRole('button', { name: `Изменить материал ${TITLE}` })
    .click();
  const dialog = teacher.getByRole('dialog', { name: 'Изменить материал' });
  await expect(dialog.getByText(`Сохранённый файл: ${lecture.name}`)).toBeVisible();
  await dialog.getByLabel(/^Название/).fill(edited);
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(teacher, edited)).toBeVisible();
  await card(teacher, edited)
    .getByRole('button', { name: `Удалить материал ${edited}` })
    .click();
  const confirm = teacher.getByRole('alertdialog', { name: 'Удалить материал?' });
  await confirm.getByRole('button', { name: 'Удалить' }).click();
  await expect(confirm).toBeHidden();
  await expect(card(teacher, edited)).toHaveCount(0);

  await student.reload();
  await chooseDiscipline(student);
  await expect(card(student, TITLE)).toHaveCount(0);
  await expect(card(student, edited)).toHaveCount(0);
});

test('the list says when it fails and tries again', async ({ page }) => {
  await page.route('**/api/umk/umklist', (route) =>
    route.continue({
      headers: { ...route.request().headers(), 'x-mock-scenario': 'server-error' },
    }),
  );
  await page.goto('/lms/umk');
  await filters(page).getByLabel('Дисциплина', { exact: true }).selectOption({ label: DISCIPLINE });
  const failed = page.getByRole('alert').filter({ hasText: 'Не удалось загрузить данные' });
  await expect(failed).toBeVisible();
  await page.unroute('**/api/umk/umklist');
  await failed.getByRole('button', { name: 'Повторить' }).click();
  await expect(materials(page)).toBeVisible();
});

test('the UMK follows the discipline chosen in the column, the journal follows the UMK, and the form marks what it needs', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/lms/umk');
  const discipline = filters(page).getByLabel('Дисциплина', { exact: true });
  const semester = filters(page).getByLabel('Семестр', { exact: true });
  await expect(discipline.locator('option:checked')).toHaveText(' --- ');

  // The discipline column (opened from its rail) chooses the class: the UMK's pickers follow.
  await page.getByRole('button', { name: 'Показать дисциплины и контакты' }).click();
  const column = page.getByRole('region', { name: 'Дисциплины' });
  await column.getByRole('button', { name: new RegExp(`^${DISCIPLINE}`) }).click();
  await expect(discipline.locator('option:checked')).toHaveText(DISCIPLINE);
  await expect(semester).not.toHaveValue('-1');
  await expect(materials(page).or(page.getByText('Материалов пока нет.'))).toBeVisible();
  await checkLooks(page, 'd-umk-follows-column', { widths: [1440] });
  await setTheme(page, 'dark');

  // Another discipline chosen here: the journal opens on it.
  const other = (await discipline.locator('option').nth(1).textContent()) ?? '';
  const chosen = other === DISCIPLINE ? 2 : 1;
  const otherName = (await discipline.locator('option').nth(chosen).textContent()) ?? '';
  await discipline.selectOption({ index: chosen });
  await page
    .getByRole('navigation', { name: 'Разделы' })
    .getByRole('link', { name: 'Журнал', exact: true })
    .click();
  await expect(
    page.getByRole('main').getByLabel('Дисциплина', { exact: true }).locator('option:checked'),
  ).toHaveText(otherName);

  // The material form marks every field it cannot be sent without, the pickers as the inputs.
  await page
    .getByRole('navigation', { name: 'Разделы' })
    .getByRole('link', { name: 'УМК' })
    .click();
  await expect(discipline.locator('option:checked')).toHaveText(otherName);
  const examination = filters(page).getByLabel('Форма контроля');
  if ((await examination.locator('option').count()) > 2)
    await examination.selectOption({ index: 1 });
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      await page.getByRole('button', { name: 'Добавить материал' }).click();
      const dialog = page.getByRole('dialog', { name: 'Новый материал' });
      await expect(dialog).toBeVisible();
      const label = (text: string) => dialog.locator('label').filter({ hasText: text }).first();
      await expect(label('Вид материала')).toHaveText('Вид материала *');
      await expect(dialog.getByRole('combobox', { name: 'Вид материала' })).toHaveAttribute(
        'aria-required',
        'true',
      );
      await expect(label('Название')).toHaveText('Название *');
      await expect(label('Автор')).toHaveText('Автор');
      await page.screenshot({ path: `test-results/d-material-form-marks-${width}-${theme}.png` });
      await dialog.getByLabel('Опубликовать также в электронной библиотеке').check();
      await expect(label('Раздел библиотеки')).toHaveText('Раздел библиотеки *');
      await expect(label('Категория')).toHaveText('Категория *');
      await label('Категория').scrollIntoViewIfNeeded();
      await page.screenshot({
        path: `test-results/d-material-form-marks-${width}-${theme}-library.png`,
      });
      await expectAccessible(page, `UMK form at ${width} px, ${theme}`);
      await dialog.getByRole('button', { name: 'Отмена' }).click();
      await expect(dialog).toBeHidden();
    }
    await setTheme(page, 'dark');
  }
});
