// Area "news": the feed (10 per page, newest first), the write permission, insert with
// attachments and delete. Attachments are served by routes/downloads.ts (type 4).
import { createRouter, fail, getBody, getSession, jsonList, okFor, okJson } from '../http.js';
import { remove } from '../world/core/collections.js';
import { storeUploads } from '../world/core/files.js';
import {
  capWrittenNews,
  newsFileKey,
  newsItemJson,
  newsSlice,
  visiblePage,
  type NewsRecord,
} from '../world/news/news.js';
import { findPerson, toUser } from '../world/core/accounts.js';
import { isTeacher } from '../world/core/roles.js';
import { whoIs } from '../world/core/sessions.js';
import { toBishkekIso } from '../world/core/time.js';
import { universitySlice } from '../world/core/university.js';
import { fitsStorage, storageFullMessage } from '../world/core/storage.js';
import type { RouteDeps } from './route-deps.js';

// The session says who is asking; x-owner (src/ownership.ts) has made the body's id/uid/role name it.
export const newsRoutes = ({ store, settings }: RouteDeps) =>
  createRouter()
    .post('/api/news/data.json', (c) => {
      const { page } = getBody<'getNews'>(c);
      const { person: reader } = whoIs(store, getSession(c));
      const { teacherById } = store.get(universitySlice);
      return okJson<'getNews'>(
        c,
        jsonList(
          visiblePage(store.get(newsSlice).items, reader, page).map((item) =>
            newsItemJson(item, reader, teacherById.get(item.authorId)),
          ),
        ),
      );
    })

    .post('/api/news/check.json', (c) => {
      const { id, type } = getBody<'checkNews'>(c);
      const person = findPerson(store, type, id);
      return okFor<'checkNews'>(c, { newsPerms: person ? toUser(store, person).newsPerms : false });
    })

    .post('/api/news/insert.json', async (c) => {
      const { person: author } = whoIs(store, getSession(c));
      if (!isTeacher(author) || !author.newsPerms) {
        return fail(c, 403, 'Forbidden: no permission to write news');
      }
      const { message, audience, id_faculty, file = [] } = getBody<'insertNews'>(c);
      const news = store.get(newsSlice);
      const item: NewsRecord = {
        id_eventMessage: news.nextId,
        authorId: author.id,
        message,
        fileNames: [],
        created: toBishkekIso(store.tick()),
        audience,
        id_faculty,
      };
      if (!fitsStorage(store, settings.maxStorageMb, file)) {
        return fail(c, 507, storageFullMessage(settings.maxStorageMb));
      }
      const uploads = await storeUploads(store.uploads, file);
      // state changes only after every file was read
      news.nextId += 1;
      for (const stored of uploads) {
        item.fileNames.push(stored.name);
        news.files.set(newsFileKey(item.id_eventMessage, stored.name), stored);
      }
      news.items.unshift(item);
      capWrittenNews(news, store.maxWritten);
      return okFor<'insertNews'>(c, { id_eventMessage: item.id_eventMessage });
    })

    .post('/api/news/delete.json', (c) => {
      const { id } = getBody<'deleteNews'>(c);
      const { person } = whoIs(store, getSession(c));
      const news = store.get(newsSlice);
      const item = news.items.find((candidate) => candidate.id_eventMessage === id);
      if (!item) return fail(c, 404, 'Not found');
      // newsPerms together with canEdit (the author's own item)
      if (!isTeacher(person) || !person.newsPerms || item.authorId !== person.id) {
        return fail(c, 403, 'Forbidden: not allowed to delete this item');
      }
      remove(news.items, item);
      for (const name of item.fileNames) news.files.delete(newsFileKey(id, name));
      return okFor<'deleteNews'>(c, true);
    });
