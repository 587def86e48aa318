import { writeStorage } from '../../../lib/offline/storage';

/** After login a client-generated random identifier is stored under the `token` key. */
export const SESSION_ID_STORAGE_KEY = 'token';

export function storeSessionId(): string {
  const id =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  writeStorage(SESSION_ID_STORAGE_KEY, id);
  return id;
}
