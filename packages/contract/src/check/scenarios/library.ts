// E-library: a book added with a file (the contract has no delete for books: one stays per run).
import { ROLE_TEACHER } from '../lib/roles.js';
import { requestExample } from '../lib/data.js';
import { fileField, firstCategory, form, withoutFile } from './scenario.js';
import { has, type Read, type Scenario } from './scenario.js';

export async function library(s: Scenario) {
  const readBooks: Read = () =>
    s.read('libraryGetBookList', ROLE_TEACHER, {
      id_bookCategory: -1,
      id_human: s.teacher.person.id,
      id_humanType: ROLE_TEACHER,
    });
  const save = s.run.op('librarySaveBook');
  const example = requestExample(save, 'multipart/form-data') as Record<string, unknown>;
  const marker = s.run.marker();
  const fields = {
    ...example,
    id_eBook: -1,
    nameBook: marker,
    fileName: 'contract-check.pdf',
    id_human: s.teacher.person.id,
    id_humanType: ROLE_TEACHER,
    id_bookCategory: firstCategory(s) ?? example.id_bookCategory,
    IsFromUmk: false,
  };
  const saved = await s.write(
    'librarySaveBook',
    ROLE_TEACHER,
    { form: form(withoutFile(save, fields), { [fileField(save)]: 'contract-check.pdf' }) },
    readBooks,
  );
  if (saved)
    await s.shows('librarySaveBook', readBooks, (data) => has(data, marker), 'the new book');
}
