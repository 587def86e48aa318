import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { SectionPage } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { useShellSession } from '../../../lib/session/shell-session';
import { useClearContactsOnLoad } from '../../../lib/academic-context/use-clear-contacts';
import { useProfile } from '../api/get-profile';
import { ProfileCard } from './profile-card';
import styles from './profile-screen.module.css';

export interface ProfileScreenProps {
  /** The photo as a data URL (the session already holds it); null or undefined shows initials. */
  photoUrl: string | null | undefined;
  /** The password change form; src/app composes it in, as a feature never imports another. */
  passwordChange?: ReactNode;
}

/** /lms/profile: the person's card with photo, and beside it the password change. */
export function ProfileScreen({ photoUrl, passwordChange }: ProfileScreenProps) {
  const { t } = useTranslation('profile');
  const { user } = useShellSession();
  const profile = useProfile({ uid: user.uid, role: user.role });
  useClearContactsOnLoad(profile.isSuccess);

  return (
    <SectionPage title={t('title')} icon="profile" className={styles.screen}>
      <div className={styles.layout}>
        <div>
          <QueryState query={profile} failedText={t('failed')}>
            {(data) =>
              data ? (
                <ProfileCard profile={data} photoUrl={photoUrl ?? null} />
              ) : (
                <EmptyState icon="profile" text={t('empty')} />
              )
            }
          </QueryState>
        </div>
        {passwordChange}
      </div>
    </SectionPage>
  );
}
