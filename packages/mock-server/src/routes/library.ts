// Area "library": the e-library's base categories, book categories, the book list, and adding or
// editing a book with its file.
import { createRouter, fail, getBody, getSession, okFor } from '../http.js';
import { cleanFileName, storeUpload } from '../world/core/files.js';
import {
  baseBookCategories,
  bookCategories,
  bookCategoryById,
} from '../world/library/catalogue.js';
import {
  booksByName,
  isBookVisibleTo,
  librarySlice,
  toEBook,
  type EBookRecord,
} from '../world/library/library.js';
import { whoIs } from '../world/core/sessions.js';
import { fitsStorage, storageFullMessage } from '../world/core/storage.js';
import type { RouteDeps } from './route-deps.js';

// The session says who is asking; x-owner has made the body's id_human/id_humanType name them.
export const libraryRoutes = ({ store, settings }: RouteDeps) =>
  createRouter()
    .post('/api/library/basebookcategories', (c) =>
      okFor<'libraryGetBaseBookCategories'>(c, baseBookCategories),
    )

    .post('/api/library/bookcategories', (c) => {
      const { id_baseBookCategory } = getBody<'libraryGetBookCategories'>(c);
      return okFor<'libraryGetBookCategories'>(
        c,
        bookCategories.filter((category) => category.id_baseBookCategory === id_baseBookCategory),
      );
    })

    // The catalogue as the reader may see it: a book published from a material aimed at one form
    // of study reaches only its students (and every teacher).
    .post('/api/library/getbooklist', (c) => {
      const { id_bookCategory } = getBody<'libraryGetBookList'>(c);
      const { person: reader } = whoIs(store, getSession(c));
      const listed = booksByName(store.get(librarySlice)).filter(
        (book) =>
          (id_bookCategory === -1 || book.id_bookCategory === id_bookCategory) &&
          isBookVisibleTo(store, book, reader),
      );
      return okFor<'libraryGetBookList'>(c, listed.map(toEBook));
    })

    // Teachers only (x-roles); an existing book only by whoever added it.
    .post('/api/library/insertupdatebook', async (c) => {
      const form = getBody<'librarySaveBook'>(c);
      const { person } = whoIs(store, getSession(c));
      const library = store.get(librarySlice);
      const existing =
        form.id_eBook === -1
          ? undefined
          : library.books.find((book) => book.id_eBook === form.id_eBook);
      if (form.id_eBook !== -1 && !existing) {
        return fail(c, 404, `Not found: no book ${form.id_eBook}`);
      }
      if (existing && (existing.id_human !== person.id || existing.id_humanType !== person.role)) {
        return fail(c, 403, 'Forbidden: only whoever added the book may edit it');
      }
      if (!bookCategoryById.has(form.id_bookCategory)) {
        return fail(c, 404, `Not found: no book category ${form.id_bookCategory}`);
      }
      // one file at most (the contract's maxItems)
      const files = form.file ?? [];
      const upload = files[0];
      if (!existing && !upload) return fail(c, 400, 'body/file: is required for a new book');
      if (!fitsStorage(store, settings.maxStorageMb, files)) {
        return fail(c, 507, storageFullMessage(settings.maxStorageMb));
      }
      const stored =
        upload && (await storeUpload(store.uploads, upload, cleanFileName(upload.name)));

      // state changes only after every check passed and the file was read
      const fields = {
        name: form.nameBook,
        author: form.author,
        description: form.description,
        totalPages: form.totalPages,
        id_bookCategory: form.id_bookCategory,
      };
      let book: EBookRecord;
      if (existing) {
        book = Object.assign(existing, fields);
        if (stored) book.fileName = stored.name;
      } else {
        book = {
          id_eBook: library.nextId,
          ...fields,
          fileName: stored?.name ?? cleanFileName(form.fileName),
          isFromUmk: form.IsFromUmk,
          id_human: person.id,
          id_humanType: person.role,
        };
        library.nextId += 1;
        library.books.push(book);
      }
      if (stored) library.files.set(book.id_eBook, stored);
      return okFor<'librarySaveBook'>(c, toEBook(book));
    });
