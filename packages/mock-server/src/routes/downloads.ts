// The one download endpoint for every stored file. `type` says whose it is: 4 news attachments
// (docs/product/screens.md#news-feed), and, as the contract assumes, 1 UMK materials, 2 e-library
// books and 3 chat attachments; `filename` is `{owner id}_{file name}`.
import { createRouter, fail, getQuery, getSession, type QueryParams } from '../http.js';
import { findChatFile } from '../world/chat/chat-queries.js';
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { contentDisposition, isTraversal, sizeOf, type StoredFile } from '../world/core/files.js';
import { findLibraryFile } from '../world/library/library.js';
import { findNewsFile } from '../world/news/news.js';
import { whoIs } from '../world/core/sessions.js';
import type { Store } from '../world/core/store.js';
import { findUmkFile } from '../world/umk/umk.js';
import type { Student, Teacher } from '../world/core/university.js';
import type { RouteDeps } from './route-deps.js';

type DownloadType = QueryParams<'downloadNewsFile'>['type'];
type FileSource = (
  store: Store,
  id: number,
  name: string,
  reader: Teacher | Student,
) => StoredFile | undefined;

// Each finder applies the visibility rules of the lists that show the file; what a reader may
// not see answers 404, like what does not exist. Every signed-in user sees every e-library book,
// except a student that of a material aimed at the other form of study.
const sources: Record<DownloadType, FileSource> = {
  1: findUmkFile,
  2: findLibraryFile,
  3: findChatFile,
  4: findNewsFile,
};

export const downloadRoutes = ({ store }: RouteDeps) =>
  createRouter().get('/lms/api/news/download.file', (c) => {
    const { filename, type } = getQuery<'downloadNewsFile'>(c);
    if (isTraversal(filename)) return fail(c, 400, 'query/filename: must be a plain file name');
    const match = /^(\d+)_(.+)$/s.exec(filename);
    if (!match?.[1] || !match[2]) return fail(c, 404, 'Not found');
    const { person: reader } = whoIs(store, getSession(c));
    const file = sources[type](store, Number(match[1]), match[2], reader);
    if (!file) return fail(c, 404, 'Not found');
    const body =
      'path' in file
        ? (Readable.toWeb(createReadStream(file.path)) as ReadableStream<Uint8Array>)
        : file.bytes;
    return c.body(body, 200, {
      'Content-Length': String(sizeOf(file)),
      'Content-Type': file.contentType,
      'Content-Disposition': contentDisposition(file.name),
      'X-Content-Type-Options': 'nosniff',
    });
  });
