import { useConfig } from '../../features/session/api/get-config';
import { useDefaultYear } from '../../features/session/api/get-default-year';
import { usePhoto } from '../../features/session/api/get-photo';
import type { PortalUser } from '../../features/session/utils/roles';

/**
 * Section 4: after authentication the config is fetched; after the user loads, the photo and the
 * default year are requested once (their queries never go stale).
 */
export function useSessionBootstrap(user: PortalUser | null) {
  const config = useConfig({ enabled: user !== null });
  const photo = usePhoto(user ? { uid: user.uid, role: user.role } : null);
  useDefaultYear(user ? { uid: user.uid } : null);
  return { config, photo };
}
