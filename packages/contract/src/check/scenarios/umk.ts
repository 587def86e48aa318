// UMK: a study material saved with a file, listed, then deleted.
import { ROLE_TEACHER } from '../lib/roles.js';
import { requestExample } from '../lib/data.js';
import { fileField, firstCategory, form, withoutFile } from './scenario.js';
import { has, list, type Read, type Scenario } from './scenario.js';

export async function umk(s: Scenario) {
  const listed = s.run.acceptedAs('umkGetList', ROLE_TEACHER)?.body as
    Record<string, unknown> | undefined;
  if (!listed) {
    s.skip('umkSave', 'the teacher has no UMK list to add to');
    s.skip('umkDeleteBook', 'the teacher has no UMK list to add to');
    return;
  }
  const readList: Read = () => s.read('umkGetList', ROLE_TEACHER, listed);
  const save = s.run.op('umkSave');
  const example = requestExample(save, 'multipart/form-data') as Record<string, unknown>;
  const marker = s.run.marker();
  const fields = {
    ...example,
    idBook: -1,
    id_human: s.teacher.person.id,
    id_humanType: ROLE_TEACHER,
    idUser: s.teacher.person.uid,
    id_semester: listed.id_semester,
    id_discipline: listed.id_discipline,
    id_examination: listed.id_examination,
    id_bookCategory: firstCategory(s) ?? example.id_bookCategory,
    id_typeUmk: s.teacher.facts.latest('id_typeUmk') ?? example.id_typeUmk,
    id_booksShare: -1,
    isSharedBookFromEBooks: false,
    isHTMLBook: false,
    isForEBooks: false,
    fileName: 'contract-check.pdf',
    bookName: marker,
  };
  const saved = await s.write(
    'umkSave',
    ROLE_TEACHER,
    { form: form(withoutFile(save, fields), { [fileField(save)]: 'contract-check.pdf' }) },
    readList,
  );
  if (!saved) return s.skip('umkDeleteBook', 'the material was not saved');
  await s.shows('umkSave', readList, (data) => has(data, marker), 'the new material');
  const item = list(await readList()).find((m) => m.umkName === marker);
  if (!item) return s.skip('umkDeleteBook', 'the new material is not listed');
  const removed = await s.write(
    'umkDeleteBook',
    ROLE_TEACHER,
    {
      body: { id_human: s.teacher.person.id, id_humanType: ROLE_TEACHER, id_books: item.id_books },
    },
    readList,
  );
  if (removed)
    await s.shows('umkDeleteBook', readList, (data) => !has(data, marker), 'the material gone');
}
