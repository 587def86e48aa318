import { dayjs } from '@lms/i18n/dates';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  buildWeekGrid,
  dateOfDay,
  PAIR_COLUMN_PX,
  weekLayout,
  type ScheduleLesson,
} from '../utils/week';
import { DayList } from './day-list';
import { LessonCard } from './lesson-card';
import styles from './week-grid.module.css';

export interface WeekGridProps {
  lessons: readonly ScheduleLesson[];
  weekStart: Date;
  weekParity: 1 | 2;
  /** Day number of today (1 Monday … 7 Sunday). */
  today: number;
}

/** The space between day cards: `--space-1-5`, the gap of day-list.module.css. */
const CARD_GAP_PX = 12;

/**
 * The desktop week, always whole: a timetable (days as columns, pairs as rows with their times)
 * where every day gets room enough, else the days as cards side by side in two or three rows.
 * Today is highlighted either way; nothing scrolls sideways.
 */
export function WeekGrid(props: WeekGridProps) {
  const { t } = useTranslation('schedule');
  const { lessons, weekStart } = props;
  const days = buildWeekGrid(lessons).days;
  const dayCount = days.length;
  const caption = t('weekTable', {
    from: dayjs(weekStart).format('DD.MM'),
    to: dayjs(dateOfDay(weekStart, days.at(-1) ?? 6)).format('DD.MM'),
  });
  const box = useRef<HTMLDivElement>(null);
  const [layout, setLayout] = useState(() => weekLayout(0, dayCount, CARD_GAP_PX));

  // Measured before paint, and again whenever the content column changes width.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => {
      const next = weekLayout(element.clientWidth, dayCount, CARD_GAP_PX);
      setLayout((previous) =>
        previous.kind === next.kind &&
        (previous.kind === 'table' || (next.kind === 'cards' && previous.columns === next.columns))
          ? previous
          : next,
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [dayCount]);

  return (
    <div ref={box} className={styles.wrapper} role="region" aria-label={caption}>
      {layout.kind === 'table' ? (
        <WeekTable {...props} caption={caption} />
      ) : (
        <DayList {...props} columns={layout.columns} />
      )}
    </div>
  );
}

function WeekTable({
  lessons,
  weekStart,
  weekParity,
  today,
  caption,
}: WeekGridProps & { caption: string }) {
  const { t } = useTranslation('schedule');
  const grid = buildWeekGrid(lessons);

  return (
    <div className={styles.card}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>
          <col style={{ width: PAIR_COLUMN_PX }} />
          {grid.days.map((day) => (
            <col key={day} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <td className={styles.corner} />
            {grid.days.map((day) => {
              const isToday = day === today;
              return (
                <th
                  key={day}
                  scope="col"
                  className={isToday ? `${styles.day} ${styles.today}` : styles.day}
                  aria-current={isToday ? 'date' : undefined}
                >
                  <span className={styles.dayName}>{t(`days.${day}`)}</span>
                  <span className={styles.dayDate}>
                    {dayjs(dateOfDay(weekStart, day)).format('DD.MM')}
                    {isToday ? <span className={styles.todayBadge}>{t('today')}</span> : null}
                  </span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row) => (
            <tr key={row.lesson_number}>
              <th scope="row" className={styles.pair}>
                <span className={styles.pairNumber}>
                  <span className="visually-hidden">
                    {t('pair', { number: row.lesson_number })}
                  </span>
                  <span aria-hidden="true">{row.lesson_number}</span>
                </span>
                {row.time_start ? (
                  <span className={styles.pairTime}>
                    <span>{row.time_start}</span>
                    <span className="visually-hidden"> – </span>
                    <span>{row.time_end}</span>
                  </span>
                ) : null}
              </th>
              {grid.days.map((day) => {
                const cellLessons = row.days.get(day) ?? [];
                return (
                  <td key={day} className={day === today ? styles.todayCell : undefined}>
                    {cellLessons.length > 0 ? (
                      <div className={styles.cell}>
                        {cellLessons.map((lesson, index) => (
                          <LessonCard
                            key={`${lesson.id_discipline}-${lesson.week_parity}-${index}`}
                            lesson={lesson}
                            weekParity={weekParity}
                            compact
                          />
                        ))}
                      </div>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
