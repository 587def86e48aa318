import { expect, test } from './fixtures';
import { DESKTOP, PHONE } from './person';
import { byLabel, byRole, byText, inside, nth } from './targets';
import { chooseLanguage, main, openJournalClass, rollRows } from './steps';

// The journal in every engine: the roll call taken and saved on a phone, the day's marks in the
// table on a desktop; the portal's own ways of writing dates and numbers, whatever the browser's
// language (WebKit's here is English).

test.describe(() => {
  test.use({ signedInAs: 'teacher' });

  test('at 390 px a teacher takes the roll call of 20.11.2026 and saves it; on a desktop the journal shows the day', async ({
    person,
  }) => {
    await person.resize(PHONE.width);
    await openJournalClass(person);
    // The lesson's date is typed day first, as the portal writes dates (DD.MM.YYYY).
    const date = inside(main, byRole('textbox', 'Дата занятия'));
    await person.has(date, 'placeholder', 'ДД.ММ.ГГГГ');
    await person.fill(date, '20.11.2026');

    const first = nth(rollRows, 0);
    const name = await person.evaluateOn(
      first,
      (row) => row.querySelector('span')?.textContent?.trim() ?? '',
      null,
    );
    const absent = inside(first, byRole('button', 'Отсутствует'));
    await person.click(absent);
    await person.has(absent, 'aria-pressed', 'true');
    await person.sees(inside(main, byText('Отсутствуют: 1')));
    await person.click(inside(main, byRole('button', 'Сохранить перекличку')));
    await person.sees(inside(main, byText('Перекличка сохранена.')));

    // The table: a column for the day, and the student absent in it.
    await person.resize(DESKTOP.width);
    const table = byRole('region', 'Журнал');
    await person.sees(inside(table, byRole('columnheader', /20\.11/)));
    await person.sees(inside(table, byRole('rowheader', name)));
    const mark = await person.evaluateOn(
      table,
      (region, student) => {
        const headers = [...region.querySelectorAll('thead th')];
        const column = headers.findIndex((th) => th.getAttribute('data-date') === '2026-11-20');
        const row = [...region.querySelectorAll('tbody tr')].find(
          (tr) => tr.querySelector('th[scope=row]')?.textContent?.trim() === student,
        );
        return row?.children[column]?.textContent?.trim() ?? null;
      },
      name,
    );
    expect(mark).toMatch(/^н\/б/);
  });
});

test.describe(() => {
  test.use({ signedInAs: 'student' });

  test('a Kyrgyz reader sees amounts grouped as Kyrgyz writes them, not as the browser would', async ({
    person,
  }) => {
    await person.open('/lms');
    await chooseLanguage(person, 'Кыр');
    await person.open('/lms/paymentcode');
    await person.select(inside(main, byLabel('Кызмат')), 'Оплата за обучение (контракт)');
    await person.sees(inside(main, byText('Баасы: 48 000 сом')));
    await person.sees(inside(main, byText('Төлөнө турган сумма: 48 000 сом')));
  });
});
