import { useConfig } from '../../features/session/api/get-config';
import { usePhoto } from '../../features/session/api/get-photo';
import { useAcademicContext } from '../../lib/academic-context/use-academic-context';
import type { PortalUser } from '../../lib/session/roles';
import { useUnreadCount } from '../../lib/unread-count/use-unread-count';
import { isMobile } from '../../lib/ui-state/viewport';
import { photoParams } from '../first-screen-requests';

/**
 * After authentication the config is fetched; after the user loads, the photo and the
 * default year are requested once (their queries never go stale), and the academic context starts
 * its reference-data chain. On a phone the photo (the largest of these answers, a small picture in
 * the header) is asked for once the first screen is shown (`afterFirstScreen`), so it never takes
 * the weak network from the screen itself. The photo's body is the prefetch's, so a desktop's
 * photo is the one it asked for. The person's unread count (the title's '(N)', the app icon's
 * badge) is read once the first screen is shown, then with the chat's poll, on every screen.
 */
export function useSessionBootstrap(user: PortalUser | null, afterFirstScreen: boolean) {
  const config = useConfig({ enabled: user !== null });
  const photo = usePhoto(user ? photoParams(user) : null, {
    wait: isMobile.value && !afterFirstScreen,
  });
  const academic = useAcademicContext(user);
  useUnreadCount(user, academic, afterFirstScreen);
  return { config, photo, academic };
}
