/** Attached file names arrive joined by this separator (product spec, section 2). */
export const NEWS_FILE_SEPARATOR = ';!;';
/** Download links carry type=4 for news attachments. */
export const NEWS_DOWNLOAD_TYPE = 4;
export const NEWS_DOWNLOAD_PATH = '/lms/api/news/download.file';

export function parseNewsFiles(joined: string | null | undefined): string[] {
  if (!joined) return [];
  return joined
    .split(NEWS_FILE_SEPARATOR)
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}

/** `/lms/api/news/download.file?filename={id}_{fileName}&type=4`, with the file name URL-encoded. */
export function buildNewsDownloadUrl(id: number, fileName: string, origin = ''): string {
  const filename = encodeURIComponent(`${id}_${fileName}`);
  return `${origin}${NEWS_DOWNLOAD_PATH}?filename=${filename}&type=${NEWS_DOWNLOAD_TYPE}`;
}

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
