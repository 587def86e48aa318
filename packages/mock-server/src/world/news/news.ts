// News and announcements with attachments. Items are kept newest first; attachment bytes live in
// `files` under `{id_eventMessage}_{fileName}`, the name the download link asks for.
import { keptJson, type KeptJson } from '../../json-text.js';
import { faker } from '../core/faker.js';
import { FILE_NAME_SEPARATOR, placeholderFile, type StoredFile } from '../core/files.js';
import { defineSlice, type Store } from '../core/store.js';
import { isTeacher } from '../core/roles.js';
import { toBishkekIso } from '../core/time.js';
import { faculties, universitySlice, type Student, type Teacher } from '../core/university.js';

/** 0 everybody, 1 teachers, 2 students. */
type NewsAudience = 0 | 1 | 2;

export interface NewsRecord {
  id_eventMessage: number;
  /** id_teacher of the author. */
  authorId: number;
  message: string;
  fileNames: string[];
  created: string;
  audience: NewsAudience;
  /** -1 for all faculties. */
  id_faculty: number;
}

interface News {
  /** Newest first. */
  items: NewsRecord[];
  files: Map<string, StoredFile>;
  nextId: number;
  /** Items with this id or a larger one were written, not seeded. */
  firstWrittenId: number;
}

/** The feed shows 10 items per page (pages start at 1). */
export const NEWS_PAGE_SIZE = 10;
const NEWS_PER_SCALE = 36;

export const newsFileKey = (id: number, name: string) => `${id}_${name}`;

const disciplines = [
  'Базы данных',
  'Философия',
  'Микроэкономика',
  'Гражданское право',
  'История Кыргызстана',
  'Английский язык',
  'Алгоритмы и структуры данных',
  'Теория литературы',
];
const messages: readonly ((d: string, date: string) => string)[] = [
  () => 'Расписание экзаменов на зимнюю сессию опубликовано.',
  (d, date) => `Консультация по дисциплине «${d}» переносится на ${date}.`,
  (_, date) => `Уважаемые студенты! ${date} в 14:00 в актовом зале состоится общее собрание.`,
  (_, date) => `Открыта регистрация на элективные дисциплины весеннего семестра до ${date}.`,
  (d) => `Библиотека пополнилась новыми учебниками по курсу «${d}».`,
  (_, date) => `Напоминаем: оплата за обучение в осеннем семестре — до ${date}.`,
  (d) => `Итоги первого модуля по дисциплине «${d}» размещены в журнале.`,
  (_, date) => `Изменения в расписании занятий с ${date}, подробности во вложении.`,
  (_, date) => `Конкурс студенческих научных работ: заявки принимаются до ${date}.`,
  () => 'Кафедра приглашает на открытую лекцию приглашённого профессора.',
  (_, date) => `${date} — день открытых дверей университета. Приглашаем волонтёров.`,
  () => 'Продлён приём документов на участие в программе академической мобильности.',
];
const attachmentNames = [
  'Расписание.pdf',
  'Приказ №12.docx',
  'График консультаций.xlsx',
  'Методичка.pdf',
  'Список группы.xlsx',
  'Программа курса.docx',
  'Презентация.pptx',
  'Требования.txt',
  'Положение о практике.pdf',
];

function createNewsItem(
  fields: Pick<NewsRecord, 'id_eventMessage' | 'authorId' | 'created'> & Partial<NewsRecord>,
): NewsRecord {
  const date = toBishkekIso(faker.date.soon({ days: 30, refDate: fields.created }));
  const dateText = `${date.slice(8, 10)}.${date.slice(5, 7)}`;
  return {
    message: faker.helpers.arrayElement(messages)(
      faker.helpers.arrayElement(disciplines),
      dateText,
    ),
    fileNames:
      faker.number.float() < 0.35
        ? faker.helpers.arrayElements(attachmentNames, { min: 1, max: 2 })
        : [],
    audience: faker.helpers.weightedArrayElement([
      { weight: 6, value: 0 },
      { weight: 1, value: 1 },
      { weight: 3, value: 2 },
    ]),
    id_faculty: faker.number.float() < 0.7 ? -1 : faker.helpers.arrayElement(faculties).id_faculty,
    ...fields,
  };
}

export const newsSlice = defineSlice('news', ({ get, now, scale }): News => {
  const { teachers } = get(universitySlice);
  const authors = teachers.filter((t) => t.newsPerms);
  const demoAuthor = authors[0];
  const items: NewsRecord[] = [];
  const files = new Map<string, StoredFile>();
  let created = now.getTime();
  const count = NEWS_PER_SCALE * scale;
  for (let i = 0; i < count; i++) {
    created -= faker.number.int({ min: 3, max: 60 }) * 60 * 60 * 1000;
    const author = i % 4 === 0 ? demoAuthor : faker.helpers.arrayElement(authors);
    const item = createNewsItem({
      id_eventMessage: 100 + count - i,
      authorId: author?.id ?? 0,
      created: toBishkekIso(new Date(created)),
      // the demo teacher's own items reach everybody, so every demo account sees them
      ...(author === demoAuthor && { audience: 0, id_faculty: -1 }),
    });
    items.push(item);
    for (const name of item.fileNames) {
      files.set(newsFileKey(item.id_eventMessage, name), placeholderFile(name, item.message));
    }
  }
  return { items, files, nextId: 101 + count, firstWrittenId: 101 + count };
});

/**
 * Keeps at most `max` written items: the oldest written ones go with their files, the seeded
 * ones all stay. Writes are newer than the seed and are put in front, so the written items are
 * the front of `items`, newest first.
 */
export function capWrittenNews(news: News, max: number) {
  const seededFrom = news.items.findIndex((item) => item.id_eventMessage < news.firstWrittenId);
  const written = seededFrom === -1 ? news.items.length : seededFrom;
  if (written <= max) return;
  for (const item of news.items.splice(max, written - max)) {
    for (const name of item.fileNames) news.files.delete(newsFileKey(item.id_eventMessage, name));
  }
}

/** Whether a reader sees an item: by audience and faculty; authors always see their own. */
export function isVisibleTo(item: NewsRecord, reader: Teacher | Student) {
  if (isTeacher(reader) && item.authorId === reader.id) return true;
  const audienceOk = item.audience === 0 || item.audience === reader.role;
  return audienceOk && (item.id_faculty === -1 || item.id_faculty === reader.id_faculty);
}

/**
 * One page of the feed as a reader sees it, newest first. The scan stops as soon as the page is
 * full, so page 1 costs the same however many items were written before.
 */
export function visiblePage(items: Iterable<NewsRecord>, reader: Teacher | Student, page: number) {
  const skip = (page - 1) * NEWS_PAGE_SIZE;
  const shown: NewsRecord[] = [];
  let seen = 0;
  for (const item of items) {
    if (!isVisibleTo(item, reader)) continue;
    seen += 1;
    if (seen <= skip) continue;
    shown.push(item);
    if (shown.length === NEWS_PAGE_SIZE) break;
  }
  return shown;
}

/**
 * The contract's NewsItem as the reader sees it; the author as «Асанов Б.Э.|Асанов Бакыт Эркинович»
 * ('|' without one). Made only when an item's JSON is first built (newsItemJson).
 */
function toNewsItem(item: NewsRecord, reader: Teacher | Student, author: Teacher | undefined) {
  return {
    id_eventMessage: item.id_eventMessage,
    author: author ? `${author.shortName}|${author.fullName}` : '|',
    message: item.message,
    fileName: item.fileNames.length > 0 ? item.fileNames.join(FILE_NAME_SEPARATOR) : null,
    created: item.created,
    canEdit: isTeacher(reader) && item.authorId === reader.id,
  };
}

/**
 * toNewsItem as JSON (UTF-8 bytes). A record never changes once written, so its two forms (the
 * reader may edit it or not) are serialised once each and kept with it.
 */
const itemJson: KeptJson<NewsRecord, ReturnType<typeof toNewsItem>> = new WeakMap();
export function newsItemJson(
  item: NewsRecord,
  reader: Teacher | Student,
  author: Teacher | undefined,
) {
  const canEdit = isTeacher(reader) && item.authorId === reader.id;
  return keptJson(itemJson, item, canEdit ? 0 : 1, () => toNewsItem(item, reader, author));
}

/** A news attachment the reader may see (download type 4). */
export function findNewsFile(store: Store, id: number, name: string, reader: Teacher | Student) {
  const news = store.get(newsSlice);
  const item = news.items.find((candidate) => candidate.id_eventMessage === id);
  if (!item || !isVisibleTo(item, reader)) return undefined;
  return news.files.get(newsFileKey(id, name));
}
