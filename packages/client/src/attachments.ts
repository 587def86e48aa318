/** Attached file names arrive joined by this separator. */
export const NEWS_FILE_SEPARATOR = ';!;';
/** The one download endpoint; `type` says whose file it is (4 news is confirmed, the rest assumed). */
export const DOWNLOAD_PATH = '/lms/api/news/download.file';
export const DOWNLOAD_TYPES = { umk: 1, library: 2, chat: 3, news: 4 } as const;
export type DownloadKind = keyof typeof DOWNLOAD_TYPES;
/** Download links carry type=4 for news attachments. */
export const NEWS_DOWNLOAD_TYPE = DOWNLOAD_TYPES.news;

export function parseNewsFiles(joined: string | null | undefined): string[] {
  if (!joined) return [];
  return joined
    .split(NEWS_FILE_SEPARATOR)
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}

/** `/lms/api/news/download.file?filename={id}_{fileName}&type={type}`, the name URL-encoded. */
export function buildDownloadUrl(
  kind: DownloadKind,
  id: number,
  fileName: string,
  origin = '',
): string {
  const filename = encodeURIComponent(`${id}_${fileName}`);
  return `${origin}${DOWNLOAD_PATH}?filename=${filename}&type=${DOWNLOAD_TYPES[kind]}`;
}

/** `/lms/api/news/download.file?filename={id}_{fileName}&type=4`, with the file name URL-encoded. */
export const buildNewsDownloadUrl = (id: number, fileName: string, origin = ''): string =>
  buildDownloadUrl('news', id, fileName, origin);

export interface NewsAuthor {
  short: string;
  display: string;
}

/** The author field holds `short name|display name`; a missing half falls back to the other. */
export function parseNewsAuthor(author: string | null | undefined): NewsAuthor {
  const value = author ?? '';
  const pipe = value.indexOf('|');
  if (pipe === -1) return { short: value.trim(), display: value.trim() };
  const short = value.slice(0, pipe).trim();
  const display = value.slice(pipe + 1).trim();
  return { short: short || display, display: display || short };
}
