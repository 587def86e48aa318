import { PasswordChangePanel } from '../../features/password/components/password-change-panel';
import { ProfileScreen } from '../../features/profile/components/profile-screen';
import { usePhoto } from '../../features/session/api/get-photo';
import { useShellSession } from '../../lib/session/shell-session';

/**
 * /lms/profile: the profile screen with the password change in it. Features do not import each
 * other, so the two meet here; the photo is the session's own query (the header shows it too),
 * so the screen adds no second request for the same bytes.
 */
export function ProfileRoute() {
  const { user } = useShellSession();
  const photo = usePhoto({ uid: user.uid, role: user.role });
  return <ProfileScreen photoUrl={photo.data} passwordChange={<PasswordChangePanel />} />;
}
