import { useConfig } from '../../features/session/api/get-config';
import { usePhoto } from '../../features/session/api/get-photo';
import { useAcademicContext } from '../../lib/academic-context/use-academic-context';
import type { PortalUser } from '../../lib/roles';

/**
 * Section 4: after authentication the config is fetched; after the user loads, the photo and the
 * default year are requested once (their queries never go stale), and the academic context starts
 * its reference-data chain.
 */
export function useSessionBootstrap(user: PortalUser | null) {
  const config = useConfig({ enabled: user !== null });
  const photo = usePhoto(user ? { uid: user.uid, role: user.role } : null);
  const academic = useAcademicContext(user);
  return { config, photo, academic };
}
