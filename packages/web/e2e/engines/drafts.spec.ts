import { TINY_PDF } from '../fixtures';
import { test } from './fixtures';
import { DESKTOP, PHONE, until, type Person } from './person';
import { byLabel, byRole, byText, inside } from './targets';
import { openMainTab } from './steps';

// A draft with a file is kept on the device in every engine: WebKit (Safari on an iPhone) refuses
// a File in its IndexedDB where Chromium and Firefox keep it, and a draft with an attachment must
// survive a reload there too.

test.use({ signedInAs: 'teacher' });

const TEXT = 'Собрание кафедры переносится на понедельник.';
const text = byRole('textbox', 'Текст новости');
const attached = inside(byRole('list', 'Прикрепленные файлы'), byRole('listitem'));

/** Whether `typed` is kept on the device: in any IndexedDB database of the page, or its storage. */
function keptOnDevice(person: Person, typed: string): Promise<boolean> {
  return person.evaluate(async (wanted) => {
    if (JSON.stringify({ ...localStorage }).includes(wanted)) return true;
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      try {
        for (const store of [...db.objectStoreNames]) {
          const values = await new Promise<unknown[]>((resolve, reject) => {
            const all = db.transaction(store).objectStore(store).getAll();
            all.onsuccess = () => resolve(all.result as unknown[]);
            all.onerror = () => reject(all.error);
          });
          if (values.some((value) => JSON.stringify(value).includes(wanted))) return true;
        }
      } finally {
        db.close();
      }
    }
    return false;
  }, typed);
}

test('a news draft with a PDF comes back with its file across the breakpoint and after a reload at 390 px', async ({
  person,
}) => {
  await person.open('/lms');
  await person.fill(text, TEXT);
  await person.attach(byLabel('Прикрепить файлы'), [
    { name: 'Повестка.pdf', mimeType: 'application/pdf', buffer: TINY_PDF },
  ]);
  await person.sees(attached, 'Повестка.pdf');

  // The window crosses 899.92 px both ways: the form keeps its text and its file.
  for (const width of [PHONE.width, DESKTOP.width, PHONE.width]) {
    await person.resize(width);
    await person.holds(text, TEXT);
    await person.sees(attached, 'Повестка.pdf');
  }

  // Written to the device (a moment after the last change), then the page again: on a phone the
  // main screen opens on its apps; the news tab has the draft, with its file.
  await until(async () =>
    (await keptOnDevice(person, TEXT))
      ? undefined
      : `${person.engine}: the draft's text is not kept on the device`,
  );
  await person.reload();
  await openMainTab(person, 'Новости');
  await person.holds(text, TEXT);
  await person.sees(byText(/^Черновик восстановлен/));
  await person.sees(attached, 'Повестка.pdf');
});
