// The e-library: base categories → book categories → books. A hand-written catalogue (classics,
// dictionaries, well-known textbooks) plus textbooks and monographs written by the university's
// own teachers about the disciplines they teach; some of those were published from a UMK material
// (isFromUmk; the umk slice links its materials to them). Uploaded book files are kept in `files`.
// A book published from a material aimed at one form of study reaches only its students.
import type { components } from '@lms/client/schema';
import { groupBy } from './collections.js';
import { calendarSlice } from './calendar.js';
import { faker } from './faker.js';
import { placeholderFile, type StoredFile } from './files.js';
import { defineSlice, type Store } from './store.js';
import { isStudent, ROLE_TEACHER } from './roles.js';
import { aimedAt, studyKindOf, type ForStudentKind } from './study-kind.js';
import { universitySlice, type Student, type Teacher } from './university.js';

type Schema = components['schemas'];

export type BaseBookCategory = Schema['LibraryBaseBookCategory'];

/** The contract's LibraryBookCategory; the world always knows the base category. */
export type BookCategory = Required<Schema['LibraryBookCategory']>;

type LibraryEBook = Schema['LibraryEBook'];

/** A book: the contract's LibraryEBook (id_human added it; only they may edit it), and more. */
export interface EBookRecord extends LibraryEBook {
  /** Seeded books written for a discipline: the teacher and discipline (the umk slice uses it). */
  source?: { id_teacher: number; id_discipline: number };
  /**
   * A book published from a study material aimed at one form of study (its id_forStudentKind)
   * reaches only the students of that form; absent or 0: everybody.
   */
  forStudentKind?: ForStudentKind;
}

export interface Library {
  books: EBookRecord[];
  /** Uploaded book files by id_eBook (served by the download endpoint, type 2). */
  files: Map<number, StoredFile>;
  nextId: number;
}

export const baseBookCategories: readonly BaseBookCategory[] = [
  { id_baseBookCategory: 1, name: 'Учебная литература' },
  { id_baseBookCategory: 2, name: 'Научная литература' },
  { id_baseBookCategory: 3, name: 'Художественная литература' },
  { id_baseBookCategory: 4, name: 'Справочные издания' },
];

export const bookCategories: readonly BookCategory[] = [
  { id_bookCategory: 11, name: 'Информатика', id_baseBookCategory: 1 },
  { id_bookCategory: 12, name: 'Математика', id_baseBookCategory: 1 },
  { id_bookCategory: 13, name: 'Экономика', id_baseBookCategory: 1 },
  { id_bookCategory: 14, name: 'Право', id_baseBookCategory: 1 },
  { id_bookCategory: 15, name: 'Языкознание и литературоведение', id_baseBookCategory: 1 },
  { id_bookCategory: 16, name: 'История и общественные науки', id_baseBookCategory: 1 },
  { id_bookCategory: 21, name: 'Монографии', id_baseBookCategory: 2 },
  { id_bookCategory: 22, name: 'Сборники научных трудов', id_baseBookCategory: 2 },
  { id_bookCategory: 31, name: 'Кыргызская литература', id_baseBookCategory: 3 },
  { id_bookCategory: 32, name: 'Русская классика', id_baseBookCategory: 3 },
  { id_bookCategory: 33, name: 'Зарубежная литература', id_baseBookCategory: 3 },
  { id_bookCategory: 41, name: 'Словари', id_baseBookCategory: 4 },
  { id_bookCategory: 42, name: 'Энциклопедии и справочники', id_baseBookCategory: 4 },
];

export const bookCategoryById = new Map(bookCategories.map((c) => [c.id_bookCategory, c]));

// [category, name, author, pages, description]
type CatalogueEntry = readonly [number, string, string, number, string];
const catalogue: readonly CatalogueEntry[] = [
  [
    11,
    'Алгоритмы: построение и анализ',
    'Кормен Т., Лейзерсон Ч., Ривест Р., Штайн К.',
    1328,
    'Классический учебник по алгоритмам: сортировка, графы, динамическое программирование, NP-полнота.',
  ],
  [
    11,
    'Совершенный код',
    'Макконнелл С.',
    896,
    'Практическое руководство по конструированию программного обеспечения.',
  ],
  [
    11,
    'Компьютерные сети',
    'Таненбаум Э., Уэзеролл Д.',
    960,
    'Сетевые протоколы от физического уровня до прикладного, с примерами из интернета.',
  ],
  [
    11,
    'Современные операционные системы',
    'Таненбаум Э., Бос Х.',
    1120,
    'Процессы, память, файловые системы, безопасность; разбор Linux и Windows.',
  ],
  [
    11,
    'Введение в системы баз данных',
    'Дейт К. Дж.',
    1328,
    'Реляционная модель, нормализация, SQL и теория транзакций.',
  ],
  [
    11,
    'Изучаем Python',
    'Лутц М.',
    1648,
    'Полное введение в язык Python для начинающих и опытных программистов.',
  ],
  [
    12,
    'Курс дифференциального и интегрального исчисления',
    'Фихтенгольц Г.М.',
    608,
    'Первый том классического курса математического анализа.',
  ],
  [
    12,
    'Сборник задач и упражнений по математическому анализу',
    'Демидович Б.П.',
    624,
    'Более четырёх тысяч задач с ответами для студентов технических вузов.',
  ],
  [
    12,
    'Теория вероятностей и математическая статистика',
    'Гмурман В.Е.',
    479,
    'Основы теории вероятностей, случайные величины, элементы статистики.',
  ],
  [
    12,
    'Дискретная математика для программистов',
    'Новиков Ф.А.',
    384,
    'Множества, графы, комбинаторика и булевы функции с примерами на псевдокоде.',
  ],
  [
    13,
    'Экономикс',
    'Макконнелл К.Р., Брю С.Л., Флинн Ш.М.',
    1056,
    'Принципы, проблемы и политика: вводный курс экономической теории.',
  ],
  [
    13,
    'Основы маркетинга',
    'Котлер Ф.',
    752,
    'Классическое введение в маркетинг: рынки, потребители, комплекс маркетинга.',
  ],
  [
    13,
    'Бухгалтерский учёт',
    'Кондраков Н.П.',
    584,
    'Учебник по бухгалтерскому учёту с учётом международных стандартов.',
  ],
  [
    13,
    'Эконометрика. Начальный курс',
    'Магнус Я.Р., Катышев П.К., Пересецкий А.А.',
    576,
    'Регрессионный анализ, временные ряды и системы уравнений.',
  ],
  [
    14,
    'Теория государства и права',
    'Марченко М.Н.',
    640,
    'Учебник для юридических вузов и факультетов.',
  ],
  [
    14,
    'Гражданское право Кыргызской Республики. Общая часть',
    'Коллектив авторов',
    512,
    'Учебник по общей части гражданского права Кыргызской Республики.',
  ],
  [
    14,
    'Конституция Кыргызской Республики: научно-практический комментарий',
    'Коллектив авторов',
    344,
    'Постатейный комментарий к Конституции Кыргызской Республики 2021 года.',
  ],
  [14, 'Римское частное право', 'Новицкий И.Б.', 336, 'Классический курс римского частного права.'],
  [
    15,
    'Введение в языкознание',
    'Реформатский А.А.',
    536,
    'Фонетика, лексикология, грамматика и письмо в классическом изложении.',
  ],
  [
    15,
    'Современный русский литературный язык',
    'Валгина Н.С., Розенталь Д.Э., Фомина М.И.',
    528,
    'Учебник для студентов филологических специальностей.',
  ],
  [
    15,
    'Теория литературы',
    'Хализев В.Е.',
    432,
    'Основные понятия теории литературы: произведение, род, жанр, стиль.',
  ],
  [
    16,
    'История Кыргызстана с древнейших времён до наших дней',
    'Осмонов О.Дж.',
    568,
    'Учебник по истории Кыргызстана для высших учебных заведений.',
  ],
  [
    16,
    'Философия',
    'Спиркин А.Г.',
    736,
    'Учебник по курсу философии: история философии, онтология, гносеология.',
  ],
  [
    16,
    'Манасоведение',
    'Жайнакова А.К.',
    296,
    'Учебное пособие по изучению эпоса «Манас» и его сказителей.',
  ],
  [
    31,
    'Манас. Эпос',
    'Орозбаков С. (вариант)',
    712,
    'Кыргызский героический эпос в записи варианта Сагымбая Орозбакова.',
  ],
  [
    31,
    'Белый пароход',
    'Айтматов Ч.',
    224,
    'Повесть о мальчике, его деде и легенде о Рогатой матери-оленихе.',
  ],
  [
    31,
    'И дольше века длится день',
    'Айтматов Ч.',
    432,
    'Роман о памяти, манкуртах и станции Боранлы-Буранный.',
  ],
  [
    31,
    'Джамиля',
    'Айтматов Ч.',
    96,
    'Повесть о любви, которую Луи Арагон назвал самой прекрасной историей о любви.',
  ],
  [31, 'Плаха', 'Айтматов Ч.', 384, 'Роман о волчице Акбаре, Авдии Каллистратове и Бостоне.'],
  [
    31,
    'Избранные стихотворения',
    'Осмонов А.',
    256,
    'Лирика классика кыргызской поэзии Алыкула Осмонова.',
  ],
  [
    31,
    'Сказание о Курманджан-датке',
    'Токомбаева А.',
    288,
    'Историческое повествование об алайской царице.',
  ],
  [32, 'Евгений Онегин', 'Пушкин А.С.', 240, 'Роман в стихах.'],
  [
    32,
    'Преступление и наказание',
    'Достоевский Ф.М.',
    608,
    'Роман о бывшем студенте Родионе Раскольникове.',
  ],
  [
    32,
    'Война и мир',
    'Толстой Л.Н.',
    1360,
    'Роман-эпопея о русском обществе в эпоху войн против Наполеона.',
  ],
  [
    32,
    'Мастер и Маргарита',
    'Булгаков М.А.',
    480,
    'Роман о визите Воланда в Москву и о Понтии Пилате.',
  ],
  [32, 'Рассказы', 'Чехов А.П.', 352, 'Избранные рассказы разных лет.'],
  [33, 'Сто лет одиночества', 'Маркес Г.Г.', 416, 'Роман о семье Буэндиа и городе Макондо.'],
  [33, 'Старик и море', 'Хемингуэй Э.', 128, 'Повесть о старом кубинском рыбаке Сантьяго.'],
  [33, 'Маленький принц', 'Сент-Экзюпери А. де', 112, 'Философская сказка для детей и взрослых.'],
  [
    41,
    'Кыргызско-русский словарь',
    'Юдахин К.К.',
    974,
    'Около 40 000 слов кыргызского языка с переводом и примерами.',
  ],
  [
    41,
    'Толковый словарь русского языка',
    'Ожегов С.И., Шведова Н.Ю.',
    944,
    'Около 80 000 слов и фразеологических выражений.',
  ],
  [
    41,
    'Русско-кыргызский словарь экономических терминов',
    'Коллектив авторов',
    312,
    'Термины экономики, финансов и бухгалтерского учёта.',
  ],
  [
    41,
    'Англо-русский словарь по вычислительной технике',
    'Коллектив авторов',
    448,
    'Около 25 000 терминов по информатике и программированию.',
  ],
  [
    42,
    'Кыргызстан: национальная энциклопедия. Том 1',
    'Коллектив авторов',
    832,
    'Статьи по истории, природе, культуре и экономике Кыргызстана.',
  ],
  [
    42,
    'Справочник по высшей математике',
    'Выгодский М.Я.',
    704,
    'Определения, формулы и теоремы курса высшей математики.',
  ],
];

// Books written at the university about a discipline: title templates.
const textbookTitles: readonly ((d: string) => string)[] = [
  (d) => `${d}: учебное пособие`,
  (d) => `${d}. Курс лекций`,
  (d) => `${d}: практикум`,
  (d) => `Сборник задач по дисциплине «${d}»`,
  (d) => `${d}: методические указания к практическим занятиям`,
];
const textbookDescriptions: readonly ((d: string) => string)[] = [
  (d) =>
    `Пособие подготовлено на кафедре по программе дисциплины «${d}» для студентов очной и дистанционной форм обучения.`,
  (d) =>
    `Изложены основные темы курса «${d}», даны контрольные вопросы и список литературы к каждой теме.`,
  (d) => `Содержит задания для самостоятельной работы по дисциплине «${d}» с примерами решений.`,
  (d) =>
    `Рекомендовано учебно-методическим советом университета. Материал курса «${d}» с вопросами к экзамену.`,
];

// Monographs and collections by the university's teachers, by faculty.
const monographs: Record<number, readonly string[]> = {
  1: [
    'Цифровая трансформация высшего образования в Кыргызской Республике',
    'Методы машинного обучения в задачах обработки текстов на кыргызском языке',
  ],
  2: [
    'Развитие малого и среднего бизнеса в Кыргызстане',
    'Трудовая миграция и денежные переводы: экономический анализ',
  ],
  3: [
    'Конституционные реформы в Кыргызской Республике',
    'Обычное право кыргызов: история и современность',
  ],
  4: [
    'Лексика эпоса «Манас»: семантический анализ',
    'Русско-кыргызское двуязычие: социолингвистический аспект',
  ],
};
const collections = [
  'Вестник университета. Серия «Естественные и технические науки». 2025, № 2',
  'Вестник университета. Серия «Гуманитарные науки». 2026, № 1',
  'Наука и образование — 2026: материалы международной научно-практической конференции',
];

// Patterns with Cyrillic letters are built from strings here and below: esbuild writes a string's
// non-ASCII letters as \u escapes but leaves a regular expression literal as it is, and one
// non-ASCII character makes V8 hold the whole of dist/main.js as two-byte text (twice the memory).
const mathDisciplines = new RegExp('математ|вероятност|статистик|эконометрик', 'i');
const languageDisciplines = new RegExp(
  'язык|литератур|речи|фонетик|лексиколог|грамматик|стилистик|перевод|риторик|фольклор|диалектолог|языкознан',
  'i',
);
const commonDisciplines = new RegExp(
  'истори|философ|манасовед|экологи|физическая культура|основы права',
  'i',
);
const PUNCTUATION = new RegExp('[«»"\':;,.!?№()]', 'g');
/** A preposition or conjunction of one or two letters («к», «по»). */
const SHORT_WORD = new RegExp('^[а-яё]{1,2}$');

/** The e-library category a discipline's textbooks go to. */
function categoryOfDiscipline(name: string, id_faculty: number) {
  if (mathDisciplines.test(name)) return 12;
  if (languageDisciplines.test(name)) return 15;
  if (commonDisciplines.test(name)) return 16;
  return ({ 1: 11, 2: 13, 3: 14, 4: 15 } as Record<number, number>)[id_faculty] ?? 16;
}

/** «Базы_данных.pdf»: a file name from a title (its first words, up to about 40 characters). */
export function fileNameFromTitle(title: string, extension = 'pdf') {
  const words = title.replace(PUNCTUATION, ' ').trim().split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  for (const word of words) {
    if (kept.join('_').length >= 40) break;
    kept.push(word);
  }
  // no dangling preposition at the end («…_указания_к»)
  while (kept.length > 1 && SHORT_WORD.test(kept.at(-1) ?? '')) kept.pop();
  return `${kept.join('_') || 'Книга'}.${extension}`;
}

const TEXTBOOKS_PER_SCALE = 40;

export function createEBook(
  fields: Pick<EBookRecord, 'id_eBook' | 'name' | 'author' | 'id_bookCategory' | 'id_human'> &
    Partial<EBookRecord>,
): EBookRecord {
  return {
    description: 'Электронная версия издания из фонда научной библиотеки университета.',
    totalPages: faker.number.int({ min: 60, max: 420 }),
    fileName: fileNameFromTitle(fields.name),
    isFromUmk: false,
    id_humanType: ROLE_TEACHER,
    ...fields,
  };
}

export const librarySlice = defineSlice('library', ({ get, scale }): Library => {
  const { teachers, teacherById, demo } = get(universitySlice);
  const { offerings, disciplineById } = get(calendarSlice);
  const books: EBookRecord[] = [];
  const nextId = () => books.length + 1;
  const teachersByFaculty = groupBy(teachers, (t) => t.id_faculty);
  // A few teachers keep the catalogue up to date; the demo teacher is one of them.
  const curators = [demo.teacher, ...faker.helpers.arrayElements(teachers, 4)];

  for (const [id_bookCategory, name, author, totalPages, description] of catalogue) {
    const curator = faker.helpers.arrayElement(curators);
    books.push(
      createEBook({
        id_eBook: nextId(),
        name,
        author,
        description,
        totalPages,
        id_bookCategory,
        id_human: curator.id,
      }),
    );
  }

  for (const [id_faculty, titles] of Object.entries(monographs)) {
    for (const name of titles) {
      const author = faker.helpers.arrayElement(teachersByFaculty.get(Number(id_faculty)) ?? []);
      if (!author) continue;
      books.push(
        createEBook({
          id_eBook: nextId(),
          name,
          author: author.shortName,
          description: `Монография. Рекомендовано к печати учёным советом университета. Автор — ${author.fullName}.`,
          totalPages: faker.number.int({ min: 140, max: 320 }),
          id_bookCategory: 21,
          id_human: author.id,
        }),
      );
    }
  }
  for (const name of collections) {
    const editor = faker.helpers.arrayElement(teachers);
    books.push(
      createEBook({
        id_eBook: nextId(),
        name,
        author: `Под ред. ${editor.shortName}`,
        description: 'Сборник статей преподавателей, аспирантов и студентов университета.',
        totalPages: faker.number.int({ min: 180, max: 400 }),
        id_bookCategory: 22,
        id_human: editor.id,
      }),
    );
  }

  // Textbooks by the teachers of a discipline; the demo teachers' come first so they have books to edit.
  const pairs = new Map<string, { id_teacher: number; id_discipline: number }>();
  for (const o of offerings) {
    pairs.set(`${o.id_teacher} ${o.id_discipline}`, {
      id_teacher: o.id_teacher,
      id_discipline: o.id_discipline,
    });
  }
  const all = [...pairs.values()];
  const own = (t: Teacher) => all.filter((p) => p.id_teacher === t.id).slice(0, 2);
  const chosen = [
    ...own(demo.teacher),
    ...own(demo.teacher2),
    ...faker.helpers.arrayElements(all, TEXTBOOKS_PER_SCALE * scale),
  ];
  const titles = new Set(books.map((b) => b.name));
  for (const [i, source] of chosen.entries()) {
    const teacher = teacherById.get(source.id_teacher);
    const discipline = disciplineById.get(source.id_discipline);
    if (!teacher || !discipline) continue;
    const base = faker.helpers.arrayElement(textbookTitles)(discipline.name);
    let name = base;
    for (let edition = 2; titles.has(name); edition++) name = `${base}. ${edition}-е издание`;
    titles.add(name);
    books.push(
      createEBook({
        id_eBook: nextId(),
        name,
        author: teacher.shortName,
        description: faker.helpers.arrayElement(textbookDescriptions)(discipline.name),
        totalPages: faker.number.int({ min: 40, max: 260 }),
        id_bookCategory: categoryOfDiscipline(discipline.name, teacher.id_faculty),
        // the first demo book stays a library book; about half of the rest came from a UMK
        isFromUmk: i > 0 && faker.number.float() < 0.5,
        id_human: teacher.id,
        source,
      }),
    );
  }
  return { books, files: new Map(), nextId: books.length + 1 };
});

/** The contract's LibraryEBook (without the world's extras). */
export const toEBook = (book: EBookRecord): LibraryEBook => ({
  id_eBook: book.id_eBook,
  name: book.name,
  author: book.author,
  description: book.description,
  totalPages: book.totalPages,
  fileName: book.fileName,
  id_bookCategory: book.id_bookCategory,
  isFromUmk: book.isFromUmk,
  id_human: book.id_human,
  id_humanType: book.id_humanType,
});

const collator = new Intl.Collator('ru');
export const byBookName = (a: EBookRecord, b: EBookRecord) =>
  collator.compare(a.name, b.name) || a.id_eBook - b.id_eBook;

/**
 * Who may see a book, in the list or as a download: every teacher, and every student unless the
 * book was published from a material aimed at the other form of study (a distance-only material
 * never reaches a full-time student, nor a full-time-only one a distance student).
 */
export function isBookVisibleTo(store: Store, book: EBookRecord, reader: Teacher | Student) {
  if (!isStudent(reader)) return true;
  return aimedAt(
    book.forStudentKind ?? 0,
    studyKindOf(store.get(universitySlice), reader.id_group),
  );
}

/**
 * An e-library book's file (download type 2), for a reader who may see the book: the upload when
 * there is one, else the seeded file. Undefined (a 404, as for what does not exist) otherwise.
 */
export function findLibraryFile(
  store: Store,
  id_eBook: number,
  name: string,
  reader: Teacher | Student,
) {
  const library = store.get(librarySlice);
  const book = library.books.find((candidate) => candidate.id_eBook === id_eBook);
  if (!book || book.fileName !== name || !isBookVisibleTo(store, book, reader)) return undefined;
  const uploaded = library.files.get(id_eBook);
  return uploaded?.name === name ? uploaded : placeholderFile(name, `${book.author}. ${book.name}`);
}
