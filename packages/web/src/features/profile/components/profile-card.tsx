import { formatDate } from '@lms/i18n/dates';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import type { ProfileData } from '../api/get-profile';
import {
  isTeacherProfile,
  PERSONAL_FIELDS,
  phoneHref,
  placeFields,
  type ProfileField,
} from '../utils/profile-fields';
import styles from './profile-card.module.css';

export interface ProfileCardProps {
  profile: ProfileData;
  /** The photo as a data URL; null shows the initials instead (no photo, or it failed to load). */
  photoUrl: string | null;
}

/** What a row shows, or null when the server has no value for it. */
function fieldContent(field: ProfileField, profile: ProfileData): ReactNode {
  const value = profile[field];
  if (!value) return null;
  // Dates read DD.MM.YYYY.
  if (field === 'birthDate') return formatDate(value) || null;
  if (field === 'email') return <a href={`mailto:${value}`}>{value}</a>;
  if (field === 'phone') return <a href={phoneHref(value)}>{value}</a>;
  return value;
}

interface DetailsProps {
  title: string;
  fields: readonly ProfileField[];
  profile: ProfileData;
}

function Details({ title, fields, profile }: DetailsProps) {
  const { t } = useTranslation('profile');
  const headingId = useId();
  return (
    <section className={styles.details} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.detailsTitle}>
        {title}
      </h3>
      <dl className={styles.list}>
        {fields.map((field) => {
          const content = fieldContent(field, profile);
          return (
            <div key={field} className={styles.row}>
              <dt className={styles.term}>{t(`fields.${field}`)}</dt>
              <dd className={content === null ? `${styles.value} ${styles.missing}` : styles.value}>
                {content ?? t('notSpecified')}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

/** The person's card: photo (or initials), name, role, and the data the server keeps. */
export function ProfileCard({ profile, photoUrl }: ProfileCardProps) {
  const { t } = useTranslation('profile');
  const nameId = useId();
  const teacher = isTeacherProfile(profile);
  let subtitle = t('roles.teacher');
  if (!teacher) {
    subtitle = profile.group
      ? t('roles.studentOfGroup', { group: profile.group })
      : t('roles.student');
  }

  return (
    <article className={styles.card} aria-labelledby={nameId}>
      <div className={styles.hero}>
        <span className={styles.photo}>
          <Avatar
            src={photoUrl}
            name={profile.fullName}
            // Without a photo the initials only repeat the name beside them.
            alt={photoUrl ? t('photoAlt') : ''}
            size={104}
          />
        </span>
        <div className={styles.identity}>
          <h2 id={nameId} className={styles.name}>
            {profile.fullName}
          </h2>
          <p className={styles.role}>{subtitle}</p>
        </div>
      </div>
      <div className={styles.sections}>
        <Details
          title={teacher ? t('sections.work') : t('sections.study')}
          fields={placeFields(profile)}
          profile={profile}
        />
        <Details title={t('sections.personal')} fields={PERSONAL_FIELDS} profile={profile} />
      </div>
    </article>
  );
}
