// News: a news item published with a file, shown on the first page, then deleted.
import { ROLE_TEACHER } from '../lib/roles.js';
import { validBody } from '../lib/data.js';
import { fileField, form, withoutFile } from './scenario.js';
import { has, list, type Read, type Scenario } from './scenario.js';

export async function news(s: Scenario) {
  if (!s.teacher.person.newsPerms) {
    s.skip('insertNews', 'the teacher has no news permission');
    s.skip('deleteNews', 'the teacher has no news permission');
    return;
  }
  const marker = s.run.marker();
  const readNews: Read = () => s.read('getNews', ROLE_TEACHER, { page: 1 });
  const insert = s.run.op('insertNews');
  const fields = {
    ...(validBody(insert, s.teacher.person, s.teacher.facts) ?? {}),
    message: marker,
    audience: 2,
    id_faculty: -1,
  };
  const written = await s.write(
    'insertNews',
    ROLE_TEACHER,
    { form: form(withoutFile(insert, fields), { [fileField(insert)]: 'contract-check.pdf' }) },
    readNews,
  );
  if (!written) return s.skip('deleteNews', 'the news item was not published');
  await s.shows('insertNews', readNews, (data) => has(data, marker), 'the new news item');
  const item = list(await readNews()).find((n) => n.message === marker);
  if (!item) return s.skip('deleteNews', 'the new news item is not in the first page');
  const removed = await s.write(
    'deleteNews',
    ROLE_TEACHER,
    { body: { id: item.id_eventMessage, role: ROLE_TEACHER, message: marker } },
    readNews,
  );
  if (removed)
    await s.shows('deleteNews', readNews, (data) => !has(data, marker), 'the news item gone');
}
