import { buildDownloadUrl, upload, type components, type LmsClient } from '@lms/client';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  SEARCH_BY_AUTHOR,
  SEARCH_BY_NAME,
  searchBooks,
  withSavedBook,
} from '../src/features/e-library/utils/book-search';
import { countDrafts } from '../src/lib/offline/drafts/draft-store';
import { installFakeXhr } from './support/fake-xhr';
import { renderApp } from './support/render-app';
import { setUpUploadForms } from './support/upload-forms';
import { signInDemo } from './support/mock-backend';
setUpUploadForms();

type Book = components['schemas']['LibraryEBook'];

const book = (id: number, name: string, author: string, id_bookCategory = 1): Book => ({
  id_eBook: id,
  name,
  author,
  description: '',
  totalPages: 10,
  fileName: `${id}.pdf`,
  id_bookCategory,
  isFromUmk: false,
  id_human: 501,
  id_humanType: 1,
});

describe('e-library search and lists', () => {
  const books = [
    book(1, 'Берёзовая роща', 'Пётр Ёлкин'),
    book(2, 'Базы данных', 'Смирнова О.В.'),
    book(3, 'Алгоритмы (2-е изд.)', 'Кормен Т.'),
  ];

  it('matches a case-insensitive substring of the name in mode 1 and of the author otherwise, е and ё alike', () => {
    expect(searchBooks(books, 'БЕРЕЗ', SEARCH_BY_NAME).books.map((b) => b.id_eBook)).toEqual([1]);
    expect(searchBooks(books, 'петр', SEARCH_BY_AUTHOR).books.map((b) => b.id_eBook)).toEqual([1]);
    expect(searchBooks(books, 'ЁЛК', SEARCH_BY_AUTHOR).found).toBe(1);
    expect(searchBooks(books, 'Смирнова', SEARCH_BY_NAME)).toMatchObject({
      found: 0,
      showingAll: true,
    });
    expect(searchBooks(books, '', SEARCH_BY_NAME)).toMatchObject({
      found: null,
      showingAll: false,
    });
  });

  it('takes any text literally: brackets, dots, stars and a very long query', () => {
    expect(searchBooks(books, '(2-е', SEARCH_BY_NAME).books.map((b) => b.id_eBook)).toEqual([3]);
    expect(searchBooks(books, '.*', SEARCH_BY_NAME)).toMatchObject({ found: 0, showingAll: true });
    expect(searchBooks(books, '['.repeat(10_000), SEARCH_BY_AUTHOR).showingAll).toBe(true);
  });

  it('puts a saved book in place of its old copy, into its category and all books, out of another category', () => {
    const saved = { ...books[1]!, name: 'Базы данных, 2-е изд.', id_bookCategory: 2 };
    expect(withSavedBook(books, saved, -1, -1)!.map((b) => b.name)).toEqual([
      'Берёзовая роща',
      'Базы данных, 2-е изд.',
      'Алгоритмы (2-е изд.)',
    ]);
    expect(withSavedBook(books, saved, 1, -1)!.map((b) => b.id_eBook)).toEqual([1, 3]);
    expect(withSavedBook([], saved, 2, -1)).toEqual([saved]);
  });
});

async function openLibrary(
  login: 'teacher' | 'student',
  options: { maxSizeMb?: number; growth?: number } = {},
) {
  const { backend, user } = await signInDemo(login, options);
  const xhr = installFakeXhr(backend.fetch!);
  await renderApp({ client: backend.client, path: '/lms/library' });
  await screen.findByRole('heading', { level: 1, name: 'Электронная библиотека' });
  const list = await screen.findByRole('list', { name: 'Книги' });
  return { backend, user, xhr, list, events: userEvent.setup() };
}

/** The library's first base category and its categories, as the server lists them. */
async function firstBaseCategory(client: LmsClient) {
  const [base] = (await client.post('/api/library/basebookcategories', { body: {} })) ?? [];
  const categories =
    (await client.post('/api/library/bookcategories', {
      body: { id_baseBookCategory: base!.id_baseBookCategory },
    })) ?? [];
  return { base, categories };
}

/** The demo student's library open, and every book the server lists for them (all categories). */
async function openStudentLibrary() {
  const opened = await openLibrary('student');
  const all =
    (await opened.backend.client.post('/api/library/getbooklist', {
      body: { id_bookCategory: -1, id_human: opened.user.id, id_humanType: 2 },
    })) ?? [];
  return { ...opened, all };
}

const titles = (list: HTMLElement) =>
  within(list)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
const booksList = () => screen.getByRole('list', { name: 'Книги' });

describe('the e-library screen', () => {
  it('lists every book, then a base category’s, then one category’s, as the server lists them', async () => {
    const { backend, list, events, all } = await openStudentLibrary();
    expect(titles(list)).toEqual(all.map((b) => b.name));
    const { base, categories } = await firstBaseCategory(backend.client);
    await events.selectOptions(
      screen.getByLabelText('Раздел библиотеки'),
      String(base!.id_baseBookCategory),
    );
    const ids = new Set(categories.map((c) => c.id_bookCategory));
    await waitFor(() =>
      expect(titles(booksList())).toEqual(
        all.filter((b) => ids.has(b.id_bookCategory)).map((b) => b.name),
      ),
    );
    const category = categories.find((c) =>
      all.some((b) => b.id_bookCategory === c.id_bookCategory),
    )!;
    await events.selectOptions(
      screen.getByLabelText('Категория'),
      String(category.id_bookCategory),
    );
    await waitFor(() =>
      expect(titles(booksList())).toEqual(
        all.filter((b) => b.id_bookCategory === category.id_bookCategory).map((b) => b.name),
      ),
    );
    const first = all.find((b) => b.id_bookCategory === category.id_bookCategory)!;
    expect(
      within(booksList())
        .getAllByRole('link', { name: `Скачать ${first.name}` })[0]!
        .getAttribute('href'),
    ).toBe(buildDownloadUrl('library', first.id_eBook, first.fileName));
    expect(screen.queryByRole('button', { name: 'Добавить книгу' })).toBeNull();
    expect(within(booksList()).queryByRole('button', { name: /Изменить книгу/ })).toBeNull();
  });

  it('searches by title or author and says how many files it found, or that it found none and shows all', async () => {
    const { list, events, all } = await openStudentLibrary();
    const search = screen.getByLabelText('Поиск');
    const target = all[0]!;
    const word = target.name.split(' ')[0]!.toUpperCase().replace(/Е/g, 'Ё');
    await events.type(search, word);
    const expected = all.filter((b) =>
      b.name.toLowerCase().replace(/ё/g, 'е').includes(word.toLowerCase().replace(/ё/g, 'е')),
    );
    await waitFor(() => expect(titles(list)).toEqual(expected.map((b) => b.name)));
    const count = expected.length;
    expect(screen.getByText(new RegExp(`^Найден[оa]? ${count} файл`))).toBeTruthy();

    // By author: the author's surname finds their books, not books named alike.
    const author = all.find((b) => b.author.trim())!.author.split(/[ ,]/)[0]!;
    await events.clear(search);
    await events.type(search, author);
    await events.click(screen.getByRole('radio', { name: 'автору' }));
    await waitFor(() =>
      expect(titles(booksList())).toEqual(
        all.filter((b) => b.author.toLowerCase().includes(author.toLowerCase())).map((b) => b.name),
      ),
    );

    await events.clear(search);
    await events.click(search);
    await events.paste('zzz(.*[');
    expect(
      await screen.findByText('По вашему запросу ничего не найдено, показаны все файлы'),
    ).toBeTruthy();
    expect(titles(booksList())).toEqual(all.map((b) => b.name));
  });

  it('shows the failed state with a retry, and the empty state', async () => {
    const { backend, user } = await signInDemo('student');
    backend.scenarios!.set('/api/library/getbooklist', 'server-error');
    await renderApp({ client: backend.client, path: '/lms/library' });
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain('Не удалось загрузить данные');
    backend.scenarios!.set('/api/library/getbooklist', 'empty');
    await userEvent.setup().click(within(failed).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByText('В библиотеке пока нет книг.')).toBeTruthy();
    expect(user.role).toBe(2);
  });
});

describe('a library of thousands of books', () => {
  it('keeps a screenful of cards in the page, each with its place among all, and searches every book', async () => {
    // jsdom lays nothing out: every card is given a card's height
    const height = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(180);
    try {
      const { backend, user, events } = await openLibrary('student', { growth: 10 });
      const all =
        (await backend.client.post('/api/library/getbooklist', {
          body: { id_bookCategory: -1, id_human: user.id, id_humanType: 2 },
        })) ?? [];
      expect(all.length).toBeGreaterThan(1000);
      const cards = () => within(booksList()).getAllByRole('listitem').filter(isCard);
      await waitFor(() =>
        expect(titles(booksList())).toEqual(all.slice(0, cards().length).map((b) => b.name)),
      );
      expect(cards().length).toBeLessThan(30);
      expect(cards()[0]!.getAttribute('aria-posinset')).toBe('1');
      expect(cards()[0]!.getAttribute('aria-setsize')).toBe(String(all.length));
      expect(screen.getByText(`${all.length} книг`)).toBeTruthy();

      await events.type(screen.getByLabelText('Поиск'), 'ПРАКТИКУМ');
      const found = all.filter((b) => b.name.toLowerCase().includes('практикум'));
      expect(found.length).toBeGreaterThan(30);
      await waitFor(() =>
        expect(screen.getByText(new RegExp(`^Найден[оa]? ${found.length} файл`))).toBeTruthy(),
      );
      expect(titles(booksList())).toEqual(found.slice(0, cards().length).map((b) => b.name));
      expect(cards().length).toBeLessThan(30);
      expect(cards().at(-1)!.getAttribute('aria-setsize')).toBe(String(found.length));
    } finally {
      height.mockRestore();
    }
  });
});

/** A book's card (the chips inside a card are list items too). */
const isCard = (item: HTMLElement) => item.parentElement === booksList();

/** The dialog's fields by label. */
function formOf(name: string) {
  const dialog = screen.getByRole('dialog', { name });
  return { dialog, field: (label: string | RegExp) => within(dialog).getByLabelText(label) };
}

const pdf = (name: string, size = 64) =>
  new File([new Uint8Array(size).map((_, i) => (i * 7) % 251)], name, { type: 'application/pdf' });

describe('a teacher’s books', () => {
  it('refuses a book without file, title, valid pages or category before sending, then adds it', async () => {
    const { backend, list, events, xhr } = await openLibrary('teacher');
    const before = titles(list).length;
    await events.click(screen.getByRole('button', { name: 'Добавить книгу' }));
    const { dialog, field } = formOf('Новая книга');
    await events.type(field(/^Количество страниц/), '12 стр.');
    await events.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    for (const text of [
      'Выберите файл.',
      'Укажите название.',
      'Количество страниц — целое положительное число.',
      'Выберите категорию.',
    ]) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    expect(xhr.sent).toHaveLength(0);

    await events.upload(field('Выбрать файл'), pdf('Сети ЭВМ.pdf'));
    await events.type(field(/^Название/), 'Компьютерные сети');
    await events.type(field('Автор'), 'Таненбаум Э.');
    await events.clear(field(/^Количество страниц/));
    await events.type(field(/^Количество страниц/), '960');
    const {
      base,
      categories: [category],
    } = await firstBaseCategory(backend.client);
    await events.selectOptions(field(/^Раздел библиотеки/), String(base!.id_baseBookCategory));
    await waitFor(() =>
      expect(within(field(/^Категория/)).getAllByRole('option').length).toBeGreaterThan(1),
    );
    await events.selectOptions(field(/^Категория/), String(category!.id_bookCategory));
    await events.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(xhr.sent[0]!.fields).toMatchObject({
      id_eBook: '-1',
      nameBook: 'Компьютерные сети',
      author: 'Таненбаум Э.',
      totalPages: '960',
      fileName: 'Сети ЭВМ.pdf',
      id_bookCategory: String(category!.id_bookCategory),
      IsFromUmk: 'false',
    });
    expect(await screen.findByText('Книга сохранена.')).toBeTruthy();
    expect(titles(booksList())).toContain('Компьютерные сети');
    expect(titles(booksList())).toHaveLength(before + 1);

    // The next search is reported, not the save: found, then nothing found.
    await events.type(screen.getByLabelText('Поиск'), 'Компьютерные сети');
    expect(await screen.findByText(/^Найден[оa]? \d+ файл/)).toBeTruthy();
    expect(screen.queryByText('Книга сохранена.')).toBeNull();
    await events.type(screen.getByLabelText('Поиск'), ' zzzz');
    expect(
      await screen.findByText('По вашему запросу ничего не найдено, показаны все файлы'),
    ).toBeTruthy();
  });

  it('keeps a new book’s fields and file as a draft across a reload; Отмена throws it away', async () => {
    const { backend, user, events } = await openLibrary('teacher');
    await events.click(screen.getByRole('button', { name: 'Добавить книгу' }));
    const typed = formOf('Новая книга');
    await events.upload(typed.field('Выбрать файл'), pdf('Алгоритмы.pdf'));
    await events.type(typed.field(/^Название/), 'Алгоритмы');
    await events.type(typed.field('Автор'), 'Кормен Т.');

    // A reload: the page goes and the library opens again for the same person.
    cleanup();
    await renderApp({ client: backend.client, path: '/lms/library' });
    await screen.findByRole('list', { name: 'Книги' });
    await events.click(screen.getByRole('button', { name: 'Добавить книгу' }));
    const { dialog, field } = formOf('Новая книга');
    const note = await within(dialog).findByText('Черновик восстановлен.');
    expect(note.closest('[role="status"]')).toBeTruthy();
    expect((field(/^Название/) as HTMLInputElement).value).toBe('Алгоритмы');
    expect((field('Автор') as HTMLInputElement).value).toBe('Кормен Т.');
    // The file comes back with the restored draft, attached by the effect that follows it.
    expect(
      await within(dialog).findByRole('button', { name: 'Убрать файл Алгоритмы.pdf' }),
    ).toBeTruthy();

    await events.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await countDrafts(user.uid)).toBe(0);
    await events.click(screen.getByRole('button', { name: 'Добавить книгу' }));
    const fresh = formOf('Новая книга');
    expect((fresh.field(/^Название/) as HTMLInputElement).value).toBe('');
    expect(within(fresh.dialog).queryByText('Черновик восстановлен.')).toBeNull();
  });

  it('replaces an edited book in the search results and in the whole list; a failed save keeps the form', async () => {
    const { backend, user } = await signInDemo('teacher');
    const xhr = installFakeXhr(backend.fetch!);
    const events = userEvent.setup();
    // A book of the demo teacher's own, added as another tab would.
    const {
      categories: [category],
    } = await firstBaseCategory(backend.client);
    await upload(
      backend.client,
      '/api/library/insertupdatebook',
      {
        id_eBook: -1,
        nameBook: 'Графы для инженеров',
        author: 'Асанов Б.Э.',
        description: '',
        totalPages: 300,
        fileName: 'os.pdf',
        id_bookCategory: category!.id_bookCategory,
        IsFromUmk: false,
        id_human: user.id,
        id_humanType: 1,
      },
      [pdf('os.pdf')],
    );
    xhr.sent.length = 0;
    await renderApp({ client: backend.client, path: '/lms/library' });
    await screen.findByRole('list', { name: 'Книги' });
    const mine = within(booksList()).queryByRole('button', {
      name: 'Изменить книгу Графы для инженеров',
    });
    expect(mine).toBeTruthy();

    await events.type(screen.getByLabelText('Поиск'), 'графы для');
    await waitFor(() => expect(titles(booksList())).toEqual(['Графы для инженеров']));
    await events.click(
      within(booksList()).getByRole('button', { name: 'Изменить книгу Графы для инженеров' }),
    );
    const { dialog, field } = formOf('Изменить книгу');
    expect(within(dialog).getByText('Сохранённый файл: os.pdf')).toBeTruthy();
    await waitFor(() => expect((field(/^Категория/) as HTMLSelectElement).value).not.toBe('-1'));
    await events.clear(field(/^Название/));
    await events.type(field(/^Название/), 'Графы для инженеров, 4-е изд.');

    backend.scenarios!.set('/api/library/insertupdatebook', 'server-error');
    await events.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    const failure = await within(dialog).findByText(/Не удалось сохранить книгу\./);
    expect(failure.textContent).toContain('Введённые данные и файл сохранены.');
    expect((field(/^Название/) as HTMLInputElement).value).toBe('Графы для инженеров, 4-е изд.');

    backend.scenarios!.delete('/api/library/insertupdatebook');
    await events.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(xhr.sent.at(-1)!.fields).toMatchObject({
      nameBook: 'Графы для инженеров, 4-е изд.',
      fileName: 'os.pdf',
    });
    expect(xhr.sent.at(-1)!.files).toHaveLength(0);
    // At once, without asking the server: in the filtered list, then in the whole list.
    const asked = backend.calls.filter((path) => path === '/api/library/getbooklist').length;
    expect(titles(booksList())).toEqual(['Графы для инженеров, 4-е изд.']);
    await events.clear(screen.getByLabelText('Поиск'));
    expect(titles(booksList())).toContain('Графы для инженеров, 4-е изд.');
    expect(titles(booksList())).not.toContain('Графы для инженеров');
    expect(backend.calls.filter((path) => path === '/api/library/getbooklist').length).toBe(asked);
  });
});
