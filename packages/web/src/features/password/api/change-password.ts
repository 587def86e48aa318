import { LmsError, type components, type LmsClient } from '@lms/client';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/query/api-client';
import { passwordKeys } from './password-keys';

/** Old password, new one, and the account: the signed-in one (the server refuses any other). */
export type PasswordChangeRequest = components['schemas']['PasswdResetRequest'];

/**
 * POST /api/passwd/reset.json. A wrong old password answers result 1 with the reason in `error`
 * (the client rejects with it); `data` true means the new password is in force.
 */
export async function changePassword(
  client: LmsClient,
  body: PasswordChangeRequest,
): Promise<void> {
  const changed = await client.post('/api/passwd/reset.json', { body });
  if (changed !== true) throw new LmsError('OK', 'The server did not confirm the change');
}

export function useChangePassword() {
  const client = useApiClient();
  return useMutation({
    mutationKey: passwordKeys.change(),
    mutationFn: (body: PasswordChangeRequest) => changePassword(client, body),
  });
}
