import { useTranslation } from 'react-i18next';
import { useVocabulary } from '../../../lib/format/vocabulary';
import { isHeldInWeek, type ScheduleLesson } from '../utils/week';
import styles from './lesson-card.module.css';

export interface LessonCardProps {
  lesson: ScheduleLesson;
  /** Parity of the current week, to mark odd/even-week lessons that are not held in it. */
  weekParity: 1 | 2;
  /** Tighter type for the week grid's narrow cells. */
  compact?: boolean;
}

const KIND_CLASS: Record<number, string | undefined> = {
  1: styles.lecture,
  2: styles.practice,
  3: styles.laboratory,
};

/** One lesson: discipline, kind, room, and the teacher (student view) or group (teacher view). */
export function LessonCard({ lesson, weekParity, compact = false }: LessonCardProps) {
  const { t } = useTranslation('schedule');
  const words = useVocabulary();
  const heldThisWeek = isHeldInWeek(lesson.week_parity, weekParity);
  const className = [
    styles.lesson,
    KIND_CLASS[lesson.id_vid_zaniatiy] ?? styles.other,
    compact ? styles.compact : undefined,
    heldThisWeek ? undefined : styles.offWeek,
  ]
    .filter(Boolean)
    .join(' ');
  const person = lesson.t_fio
    ? { label: t('lesson.teacher'), value: lesson.t_fio }
    : lesson.group
      ? { label: t('lesson.group'), value: lesson.group }
      : null;

  return (
    <div className={className}>
      <p className={styles.discipline}>{lesson.discipline}</p>
      <p className={styles.tags}>
        <span className={styles.kind}>
          <span className="visually-hidden">{t('lesson.kind')}: </span>
          {words.lessonKind(lesson.id_vid_zaniatiy, lesson.vid_zaniatiy)}
        </span>
        {lesson.week_parity !== 0 ? (
          <span className={styles.parity}>{t(`parity.${lesson.week_parity}`)}</span>
        ) : null}
        {heldThisWeek ? null : (
          // The week grid's narrow cells show it by their dashed outline alone.
          <span className={compact ? 'visually-hidden' : styles.offWeekNote}>
            {' '}
            {t('notThisWeek')}
          </span>
        )}
      </p>
      <p className={styles.detail}>
        <span className="visually-hidden">{t('lesson.room')}: </span>
        {lesson.room ?? t('lesson.noRoom')}
      </p>
      {person ? (
        <p className={styles.detail}>
          <span className="visually-hidden">{person.label}: </span>
          {person.value}
        </p>
      ) : null}
    </div>
  );
}
