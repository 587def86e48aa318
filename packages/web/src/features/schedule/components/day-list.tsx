import { dayjs } from '@lms/i18n/dates';
import { useId, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { dateOfDay, groupByDay, type ScheduleDay, type ScheduleLesson } from '../utils/week';
import { LessonCard } from './lesson-card';
import styles from './day-list.module.css';

export interface DayListProps {
  lessons: readonly ScheduleLesson[];
  weekStart: Date;
  weekParity: 1 | 2;
  /** Day number of today (1 Monday … 7 Sunday). */
  today: number;
  /** Days side by side in this many columns (a desktop too narrow for the timetable); one by default. */
  columns?: number;
}

/**
 * The week day by day: lessons in order with their times, today highlighted. One column on a
 * phone; on a desktop too narrow for the timetable, the days as cards side by side.
 */
export function DayList({ lessons, weekStart, weekParity, today, columns = 1 }: DayListProps) {
  const cards = columns > 1;
  return (
    <div
      className={cards ? `${styles.list} ${styles.cards}` : styles.list}
      style={cards ? ({ '--week-columns': columns } as CSSProperties) : undefined}
    >
      {groupByDay(lessons).map((day) => (
        <DaySection
          key={day.day}
          day={day}
          date={dateOfDay(weekStart, day.day)}
          isToday={day.day === today}
          weekParity={weekParity}
          compact={cards}
        />
      ))}
    </div>
  );
}

interface DaySectionProps {
  day: ScheduleDay;
  date: Date;
  isToday: boolean;
  weekParity: 1 | 2;
  /** Narrow cards: the time above each lesson, the lesson in the tighter type. */
  compact: boolean;
}

function DaySection({ day, date, isToday, weekParity, compact }: DaySectionProps) {
  const { t } = useTranslation('schedule');
  const headingId = useId();
  return (
    <section
      className={isToday ? `${styles.day} ${styles.today}` : styles.day}
      aria-labelledby={headingId}
      aria-current={isToday ? 'date' : undefined}
    >
      <h2 id={headingId} className={styles.heading}>
        <span className={styles.dayName}>{t(`days.${day.day}`)}</span>
        <span className={styles.date}>{dayjs(date).format('DD.MM')}</span>
        {isToday ? <span className={styles.todayBadge}>{t('today')}</span> : null}
      </h2>
      {day.lessons.length === 0 ? (
        <p className={styles.free}>{t('noLessons')}</p>
      ) : (
        <ol className={styles.lessons}>
          {day.lessons.map((lesson, index) => (
            <li
              key={`${lesson.lesson_number}-${lesson.week_parity}-${lesson.id_discipline}-${index}`}
              className={styles.item}
            >
              <p className={styles.time}>
                <span className={styles.pair}>{t('pair', { number: lesson.lesson_number })}</span>
                <span className={styles.clock}>
                  {lesson.time_start}
                  <span aria-hidden="true">–</span>
                  <span className="visually-hidden"> – </span>
                  {lesson.time_end}
                </span>
              </p>
              <LessonCard lesson={lesson} weekParity={weekParity} compact={compact} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
