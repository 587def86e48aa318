import { expect, patternedFile } from '../fixtures';
import { test } from './fixtures';
import { byLabel, byRole, byText, inside, nth } from './targets';

// Files in every engine: a PDF uploaded with a news item (its size written as the portal writes
// numbers) is downloaded from the feed byte for byte; the item's time is the world's, in the
// person's time zone.

test.use({ signedInAs: 'teacher' });

test('a teacher publishes news with a PDF and downloads it intact from the feed', async ({
  person,
}) => {
  const plan = patternedFile('План консультаций на декабрь.pdf', 'application/pdf', 48 * 1024, 7);
  const message = `Консультация по базам данных переносится на пятницу. [${Date.now()}]`;
  await person.open('/lms');
  await person.fill(byRole('textbox', 'Текст новости'), message);
  await person.click(byRole('radio', 'Студентам'));
  await person.attach(byLabel('Прикрепить файлы'), [plan]);
  await person.sees(byRole('list', 'Прикрепленные файлы'), /48\s*кБ/);
  await person.click(byRole('button', 'Опубликовать'));
  await person.sees(byText('Новость опубликована'));

  const first = nth(inside(byRole('list', 'Лента новостей'), byRole('article')), 0);
  await person.sees(first, message);
  // Published at the world's frozen now: Friday 20 November 2026, 09:00 in Bishkek.
  await person.sees(inside(first, byText('20/11/26 09:00')));
  const file = await person.download(inside(first, byRole('link', plan.name)));
  expect(file.name).toBe(plan.name);
  expect(file.bytes.equals(plan.buffer)).toBe(true);
});
