export {
  createLmsClient,
  DEFAULT_TIMEOUT_MS,
  type GetData,
  type GetInit,
  type GetPath,
  type LmsClient,
  type LmsClientOptions,
  type PostBody,
  type PostData,
  type PostInit,
  type PostPath,
  type RawLmsClient,
} from './create-client';
export {
  classifyStatus,
  isLmsError,
  LmsError,
  PROBLEMS,
  toLmsError,
  type LmsErrorInit,
  type Problem,
} from './http-errors';
export { unwrapEnvelope, type Unwrapped } from './envelope';
export {
  upload,
  type UploadData,
  type UploadFields,
  type UploadOptions,
  type UploadPath,
  type UploadProgress,
} from './upload';
export {
  buildDownloadUrl,
  buildNewsDownloadUrl,
  DOWNLOAD_PATH,
  DOWNLOAD_TYPES,
  NEWS_DOWNLOAD_TYPE,
  NEWS_FILE_SEPARATOR,
  parseNewsAuthor,
  parseNewsFiles,
  type DownloadKind,
  type NewsAuthor,
} from './attachments';
export { readCookie, TOKEN_COOKIE, XSRF_COOKIE, XSRF_HEADER } from './cookies';
export type { components, operations, paths } from './generated/schema';
