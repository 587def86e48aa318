import type { Locator, Page } from '@playwright/test';
import {
  checkLooks,
  chooseLanguage,
  expect,
  expectAccessible,
  PHONE,
  setTheme,
  settled,
  test,
  TINY_PDF,
} from './fixtures';

// Kyrgyz and English as a teacher on a laptop and a student on a phone meet them: counts at 2, 5
// and 102 read in the language (a Kyrgyz noun after a number stays as it is: '102 китеп', never
// Russian's '102 книги'), and the portal's own words (semester halves, kinds of lesson, forms of
// control, 'N семестр', the stream mark) are translated, while the server's names (disciplines,
// groups, documents) stay as it sends them.

test.describe.configure({ timeout: 180_000 });
test.use({ actionTimeout: 10_000, signedInAs: 'teacher' });

/** Russian count words: what a Kyrgyz or English count must never show. */
const RUSSIAN_COUNTS =
  /\d+\s+(книг[аи]?|материал(а|ов)|студент(а|ов)|заяв(ка|ки|ок)|файл(а|ов))(?!\p{L})|Найден/u;

/** Kinds of lesson in Kyrgyz (the server sends 'Лекция', 'Практика', 'Лабораторная работа'). */
const KYRGYZ_KINDS = ['Лекция', 'Практикалык сабак', 'Лабораториялык иш'];

const main = (page: Page) => page.locator('main');

/**
 * A screenshot kept with the run's results, to be looked at: the screen as the person sees it,
 * scrolled to what the step is about.
 */
async function shot(page: Page, name: string, about?: Locator) {
  if (about) await about.scrollIntoViewIfNeeded();
  await settled(page);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

/** The texts of a picker's options once it has some, the placeholder left out. */
async function optionsOf(picker: Locator): Promise<string[]> {
  await expect(picker.locator('option:not([value="-1"]):not([value="0"])').first()).toBeAttached();
  const texts = await picker.locator('option').allTextContents();
  return texts.map((text) => text.trim()).filter((text) => text !== '---');
}

/** A list's heading line: its title and count ('Китептер 102 китеп'). */
const heading = (page: Page, title: string) =>
  main(page).getByRole('heading', { level: 2, name: new RegExp(`^${title}`) });

/** Adds a book through 'Китеп кошуу' (every field in Kyrgyz), and waits for it to be saved. */
async function addBookInKyrgyz(page: Page, name: string, pages = 120) {
  await main(page).getByRole('button', { name: 'Китеп кошуу' }).click();
  const dialog = page.getByRole('dialog', { name: 'Жаңы китеп' });
  await dialog.getByLabel('Файл тандоо').setInputFiles({
    name: `${name}.pdf`,
    mimeType: 'application/pdf',
    buffer: TINY_PDF,
  });
  await dialog.getByLabel(/^Аталышы/).fill(name);
  await dialog.getByLabel(/^Автору/).fill('Асанов Б.Э.');
  await dialog.getByLabel(/^Барактардын саны/).fill(String(pages));
  await dialog.getByLabel(/^Китепкананын бөлүмү/).selectOption({ index: 1 });
  const category = dialog.getByLabel(/^Категориясы/);
  await expect(category.locator('option').nth(1)).toBeAttached();
  await category.selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Сактоо' }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Китеп сакталды.' })).toBeVisible();
}

/** Searches the e-library by title and answers the status line ('5 файл табылды'). */
async function search(page: Page, label: string, text: string): Promise<Locator> {
  await main(page).getByLabel(label, { exact: true }).fill(text);
  return main(page).getByRole('status').filter({ hasText: /\d/ });
}

/** The teacher's journal on «Веб-разработка», its class pickers as the screen shows them. */
async function openJournal(page: Page, texts: { discipline: string }) {
  await page.goto('/lms/journal');
  const discipline = main(page).getByRole('combobox', { name: texts.discipline, exact: true });
  await expect(discipline.locator('option', { hasText: 'Веб-разработка' })).toBeAttached();
  await discipline.selectOption({ label: 'Веб-разработка' });
}

/** UMK: a semester and a discipline, answering the materials heading. */
async function chooseMaterialRow(
  page: Page,
  texts: { semester: string; discipline: string },
  semester: string,
  discipline: string,
) {
  await main(page)
    .getByRole('combobox', { name: texts.semester, exact: true })
    .selectOption({ label: semester });
  const picker = main(page).getByRole('combobox', { name: texts.discipline, exact: true });
  await expect(picker.locator('option', { hasText: discipline })).toBeAttached();
  await picker.selectOption({ label: discipline });
}

test('a teacher counts books, found files, materials, students and requests in Kyrgyz, then in English', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/lms');
  await chooseLanguage(page, 'Кыр');
  // The code the portal keeps is kg; Intl is asked for Kyrgyz (ky).
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('kg');

  // The e-library: 100 books, searches finding 2 and 5, then two books more: 102.
  await page.goto('/lms/library');
  await expect(heading(page, 'Китептер')).toContainText('100 китеп');
  await expect(await search(page, 'Издөө', 'фонетика')).toHaveText('2 файл табылды');
  await expect(await search(page, 'Издөө', 'русский')).toHaveText('5 файл табылды');
  await main(page).getByLabel('Издөө', { exact: true }).fill('');
  await addBookInKyrgyz(page, 'Графтар теориясы');
  await addBookInKyrgyz(page, 'Кыргыз тилинин грамматикасы');
  await expect(heading(page, 'Китептер')).toHaveText('Китептер102 китеп');
  await expect(main(page)).not.toContainText(RUSSIAN_COUNTS);
  await expectAccessible(page, 'e-library in Kyrgyz at 1440 px, dark');
  await shot(page, 'kyrgyz-library-1440-dark', heading(page, 'Китептер'));

  // UMK: 2 and 5 materials; semesters, forms of control and kinds of material in Kyrgyz.
  await page.goto('/lms/umk');
  const materials = { semester: 'Семестр', discipline: 'Сабак' };
  await expect(main(page).getByRole('combobox', { name: 'Семестр', exact: true })).toContainText(
    '1-семестр',
  );
  expect(
    await optionsOf(main(page).getByRole('combobox', { name: 'Материалдын түрү', exact: true })),
  ).toEqual([
    'Бардык түрлөрү',
    'Лекциялар',
    'Практикалык сабактар',
    'Лабораториялык иштер',
    'Силлабус',
    'Методикалык көрсөтмөлөр',
    'Тест тапшырмалары',
    'Жумушчу программа',
    'Презентациялар',
  ]);
  await chooseMaterialRow(page, materials, '1-семестр', 'Английский язык');
  await expect(heading(page, 'Материалдар')).toHaveText('Материалдар2 материал');
  await chooseMaterialRow(page, materials, '2-семестр', 'Манасоведение');
  await expect(heading(page, 'Материалдар')).toHaveText('Материалдар5 материал');
  await chooseMaterialRow(page, materials, '1-семестр', 'Программирование на Python');
  expect(
    await optionsOf(main(page).getByRole('combobox', { name: 'Текшерүү формасы', exact: true })),
  ).toEqual(['Сынак']);
  await expect(main(page)).not.toContainText(RUSSIAN_COUNTS);
  await expectAccessible(page, 'UMK in Kyrgyz at 1440 px, dark');
  await shot(page, 'kyrgyz-umk-1440-dark', heading(page, 'Материалдар'));

  // The single window: the teacher's 6 requests.
  await page.goto('/lms/singlewindow');
  await expect(heading(page, 'Менин өтүнмөлөрүм')).toHaveText('Менин өтүнмөлөрүм6 өтүнмө');

  // The journal: semester halves, the stream marked once, kinds of lesson, 12 students.
  const kg = {
    discipline: 'Сабак',
    half: 'Жарым жыл',
    group: 'Топ же агым',
    kind: 'Сабактын түрү',
  };
  await openJournal(page, kg);
  expect(await optionsOf(main(page).getByRole('combobox', { name: kg.half, exact: true }))).toEqual(
    ['Күзгү', 'Жазгы', 'Жайкы'],
  );
  const groups = await optionsOf(main(page).getByRole('combobox', { name: kg.group, exact: true }));
  expect(groups.some((name) => name.endsWith(' (агым)'))).toBe(true);
  for (const name of groups) expect(name).not.toMatch(/поток|агым\).*агым/);
  // The class's kinds of lesson (this group has practice and lab work), each in Kyrgyz.
  const kinds = await optionsOf(main(page).getByRole('combobox', { name: kg.kind, exact: true }));
  expect(kinds).toContain('Практикалык сабак');
  for (const kind of kinds) expect(KYRGYZ_KINDS).toContain(kind);
  await expect(heading(page, 'Журнал')).toContainText('12 студент');
  await expect(main(page)).not.toContainText(RUSSIAN_COUNTS);
  await checkLooks(page, 'kyrgyz-journal', {
    widths: [1440],
    ready: () => heading(page, 'Журнал').scrollIntoViewIfNeeded(),
  });

  // English: the same counts and words.
  await chooseLanguage(page, 'Eng');
  const en = { discipline: 'Discipline', half: 'Term', group: 'Group or stream' };
  await openJournal(page, en);
  expect(await optionsOf(main(page).getByRole('combobox', { name: en.half, exact: true }))).toEqual(
    ['Autumn', 'Spring', 'Summer'],
  );
  const englishGroups = await optionsOf(
    main(page).getByRole('combobox', { name: en.group, exact: true }),
  );
  expect(englishGroups.some((name) => name.endsWith(' (stream)'))).toBe(true);
  const englishKinds = await optionsOf(
    main(page).getByRole('combobox', { name: 'Kind of class', exact: true }),
  );
  expect(englishKinds).toContain('Practical class');
  for (const kind of englishKinds) {
    expect(['Lecture', 'Practical class', 'Laboratory work']).toContain(kind);
  }
  await expect(heading(page, 'Journal')).toContainText('12 students');
  await expectAccessible(page, 'journal in English at 1440 px, light');
  await shot(page, 'english-journal-1440-light', heading(page, 'Journal'));

  await page.goto('/lms/library');
  await expect(heading(page, 'Books')).toHaveText('Books102 books');
  await expect(await search(page, 'Search', 'фонетика')).toHaveText('2 files found');
  await expect(await search(page, 'Search', 'русский')).toHaveText('5 files found');
  await page.goto('/lms/umk');
  await chooseMaterialRow(
    page,
    { semester: 'Semester', discipline: 'Discipline' },
    'Semester 2',
    'Манасоведение',
  );
  await expect(heading(page, 'Materials')).toHaveText('Materials5 materials');
  await expect(
    main(page).getByRole('combobox', { name: 'Form of assessment', exact: true }),
  ).toContainText('Exam');
  await setTheme(page, 'dark');
  await expectAccessible(page, 'UMK in English at 1440 px, dark');
  await shot(page, 'english-umk-1440-dark', heading(page, 'Materials'));
});

test.describe(() => {
  test.use({ signedInAs: 'student' });

  test('a student on a phone reads materials, the journal, registration and requests in Kyrgyz, then in English', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/lms');
    await chooseLanguage(page, 'Кыр');

    // UMK: the latest semester studied, counts at 7, 8, 11 and 12, forms of control in Kyrgyz.
    await page.goto('/lms/umk');
    const semester = main(page).getByRole('combobox', { name: 'Семестр', exact: true });
    await expect(semester.locator('option:checked')).toHaveText('1-семестр');
    const discipline = main(page).getByRole('combobox', { name: 'Сабак', exact: true });
    const materials = heading(page, 'Материалдар');
    const examination = main(page).getByRole('combobox', { name: 'Текшерүү формасы', exact: true });
    for (const [name, count, form] of [
      ['Кыргызский язык', 7, 'Экзамен'],
      ['Базы данных', 8, 'Сынак'],
      ['Веб-разработка', 11, 'Экзамен'],
      ['Архитектура ЭВМ', 12, 'Экзамен'],
    ] as const) {
      await expect(discipline.locator('option', { hasText: name })).toBeAttached();
      await discipline.selectOption({ label: name });
      await expect(materials).toHaveText(`Материалдар${count} материал`);
      expect(await optionsOf(examination)).toEqual([form]);
    }
    await expect(main(page)).not.toContainText(RUSSIAN_COUNTS);
    await expectAccessible(page, 'UMK in Kyrgyz at 390 px, dark');
    await shot(page, 'kyrgyz-umk-390-dark', materials);

    // The journal: semester halves and the kinds of lesson in Kyrgyz.
    await page.goto('/lms/journal');
    expect(
      await optionsOf(main(page).getByRole('combobox', { name: 'Жарым жыл', exact: true })),
    ).toEqual(['Күзгү', 'Жазгы', 'Жайкы']);
    await main(page)
      .getByRole('combobox', { name: 'Сабак', exact: true })
      .selectOption({ label: 'Веб-разработка' });
    const kinds = main(page).getByRole('combobox', { name: 'Сабактын түрү', exact: true });
    await expect(kinds.locator('option:checked')).toHaveText('Практикалык сабак');
    for (const kind of await optionsOf(kinds)) expect(KYRGYZ_KINDS).toContain(kind);
    await expectAccessible(page, 'student journal in Kyrgyz at 390 px, dark');
    await shot(page, 'kyrgyz-student-journal-390-dark');

    // Registration: semesters, kinds of lesson, forms of control and an elective's streams.
    await page.goto('/lms/registration');
    const period = page.getByRole('region', { name: 'Каттоо жылы жана семестри' });
    expect(
      await optionsOf(period.getByRole('combobox', { name: 'Окуу семестри', exact: true })),
    ).toEqual(['1-семестр', '2-семестр']);
    const rows = main(page).getByRole('list', { name: 'Семестрдин сабактары' });
    await expect(rows.getByText('Лекциялар · Экзамен · 3 кр').first()).toBeVisible();
    await expect(rows.getByText('Лекциялар · Сынак · 3 кр').first()).toBeVisible();
    const elective = page.getByRole('region', { name: 'Тандоо сабагы' });
    await elective
      .getByRole('combobox', { name: 'Сабак', exact: true })
      .selectOption({ label: 'Финансовая грамотность · Лекциялар · 2 кр' });
    // The first of its teachers (the only one is taken at once), then that teacher's streams.
    const teacher = elective.getByRole('combobox', { name: 'Окутуучу', exact: true });
    await expect(teacher.locator('option').nth(1)).toBeAttached();
    if ((await teacher.inputValue()) === '-1') await teacher.selectOption({ index: 1 });
    const streams = elective.getByRole('combobox', { name: 'Агым', exact: true });
    await expect(streams.locator('option', { hasText: '-агым)' }).first()).toBeAttached();
    for (const stream of await optionsOf(streams)) expect(stream).not.toContain('поток');
    await checkLooks(page, 'kyrgyz-registration', {
      widths: [PHONE.width],
      // dark: the elective's streams; light: the semester's courses
      ready: ({ theme }) =>
        (theme === 'dark' ? streams : rows.getByRole('listitem').first()).scrollIntoViewIfNeeded(),
    });

    // The single window: the student's requests, counted in Kyrgyz.
    await page.goto('/lms/singlewindow');
    await expect(heading(page, 'Менин өтүнмөлөрүм')).toHaveText(/^Менин өтүнмөлөрүм\d+ өтүнмө$/);
    await expectAccessible(page, 'single window in Kyrgyz at 390 px, light');
    await shot(page, 'kyrgyz-singlewindow-390-light', heading(page, 'Менин өтүнмөлөрүм'));

    // English.
    await chooseLanguage(page, 'Eng');
    await page.goto('/lms/registration');
    const periodEn = page.getByRole('region', { name: 'Registration year and semester' });
    expect(
      await optionsOf(periodEn.getByRole('combobox', { name: 'Semester', exact: true })),
    ).toEqual(['Semester 1', 'Semester 2']);
    await expect(
      main(page)
        .getByRole('list', { name: 'Courses of the semester' })
        .getByText(/^Lectures · /)
        .first(),
    ).toBeVisible();
    await page.goto('/lms/umk');
    const disciplineEn = main(page).getByRole('combobox', { name: 'Discipline', exact: true });
    await expect(disciplineEn.locator('option', { hasText: 'Архитектура ЭВМ' })).toBeAttached();
    await disciplineEn.selectOption({ label: 'Архитектура ЭВМ' });
    await expect(heading(page, 'Materials')).toHaveText('Materials12 materials');
    await expect(
      main(page).getByRole('combobox', { name: 'Semester', exact: true }).locator('option:checked'),
    ).toHaveText('Semester 1');
    await checkLooks(page, 'english-umk', {
      widths: [PHONE.width],
      themes: ['light', 'dark'],
      ready: () => heading(page, 'Materials').scrollIntoViewIfNeeded(),
    });
  });
});

test.describe('a Kyrgyz reader of an English browser', () => {
  // The browser's own language is English: Chromium has no Kyrgyz number formats, and amounts
  // must still read as Kyrgyz writes them ('48 000 сом'), not as the browser's language would.
  test.use({ signedInAs: 'student', locale: 'en-US' });

  test('sees amounts grouped as Kyrgyz writes them', async ({ page }) => {
    await page.goto('/lms');
    await chooseLanguage(page, 'Кыр');
    await page.goto('/lms/paymentcode');
    const service = main(page).getByRole('combobox', { name: 'Кызмат', exact: true });
    await expect(service.locator('option', { hasText: 'Оплата за обучение' })).toBeAttached();
    await service.selectOption({ label: 'Оплата за обучение (контракт)' });
    await expect(main(page).getByText('Баасы: 48 000 сом')).toBeVisible();
    await expect(main(page).getByText('Төлөнө турган сумма: 48 000 сом')).toBeVisible();
  });
});

test.describe('a Kyrgyz teacher on an English browser', () => {
  // Chromium has no Kyrgyz number formats: a book's pages still read as Kyrgyz writes them,
  // grouped ('1 328 бет'), neither bare ('1328 бет') nor as the browser's language ('1,328').
  test.use({ signedInAs: 'teacher', locale: 'en-US' });

  test('sees the pages of a long book grouped as Kyrgyz writes them', async ({ page }) => {
    await page.goto('/lms');
    await chooseLanguage(page, 'Кыр');
    await page.goto('/lms/library');
    await expect(heading(page, 'Китептер')).toContainText('100 китеп');
    await addBookInKyrgyz(page, 'Манас энциклопедиясы', 1328);
    await search(page, 'Издөө', 'Манас энциклопедиясы');
    const facts = main(page).getByRole('list', { name: 'Манас энциклопедиясы' });
    await expect(facts).toContainText('1 328 бет');
    await expect(facts).not.toContainText(/1328|1,328/);
    await shot(page, 'kyrgyz-long-book-en-browser', facts);
  });
});
