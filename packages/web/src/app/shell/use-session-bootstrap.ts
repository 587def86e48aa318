import { useQueryClient } from '@tanstack/react-query';
import { useConfig } from '../../features/session/api/get-config';
import { usePhoto } from '../../features/session/api/get-photo';
import { useAfterFirstScreen } from '../../lib/after-first-screen';
import { useAcademicContext } from '../../lib/academic-context/use-academic-context';
import type { PortalUser } from '../../lib/roles';
import { isMobile } from '../../lib/viewport';

/**
 * After authentication the config is fetched; after the user loads, the photo and the
 * default year are requested once (their queries never go stale), and the academic context starts
 * its reference-data chain. On a phone the photo (the largest of these answers, a small picture in
 * the header) is asked for once the first screen is shown, so it never takes the weak network from
 * the screen itself.
 */
export function useSessionBootstrap(user: PortalUser | null) {
  const config = useConfig({ enabled: user !== null });
  const queryClient = useQueryClient();
  const afterFirstScreen = useAfterFirstScreen(() => queryClient.isFetching() > 0);
  const photo = usePhoto(user ? { uid: user.uid, role: user.role } : null, {
    wait: isMobile.value && !afterFirstScreen,
  });
  const academic = useAcademicContext(user);
  return { config, photo, academic };
}
