import { dayjs } from '@lms/i18n/dates';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { buildWeekGrid, dateOfDay, type ScheduleLesson } from '../utils/week';
import { LessonCard } from './lesson-card';
import styles from './week-grid.module.css';

export interface WeekGridProps {
  lessons: readonly ScheduleLesson[];
  weekStart: Date;
  weekParity: 1 | 2;
  /** Day number of today (1 Monday … 7 Sunday). */
  today: number;
}

/** The pair column, and the narrowest a day column may get before the week scrolls sideways. */
const PAIR_COLUMN_PX = 64;
const MIN_DAY_PX = 124;

interface Fit {
  /** Width of each day column, so that `visible` of them fill the box exactly. */
  dayWidth: number;
  visible: number;
}

/**
 * How many whole days fit beside the pair column: when not all do, the days share the width
 * evenly and the week scrolls (and snaps) a day at a time, so no day is ever cut in half.
 */
function fitDays(boxWidth: number, days: number): Fit | null {
  const room = boxWidth - PAIR_COLUMN_PX;
  if (room <= 0) return null;
  const visible = Math.max(1, Math.min(days, Math.floor(room / MIN_DAY_PX)));
  return { dayWidth: room / visible, visible };
}

/** The desktop week: days as columns, pairs as rows with their times, today highlighted. */
export function WeekGrid({ lessons, weekStart, weekParity, today }: WeekGridProps) {
  const { t } = useTranslation('schedule');
  const grid = buildWeekGrid(lessons);
  const dayCount = grid.days.length;
  const scroller = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<Fit | null>(null);
  const [edges, setEdges] = useState({ atStart: true, atEnd: true });
  const scrolledToToday = useRef(false);

  const lastDay = grid.days[dayCount - 1] ?? 6;
  const caption = t('weekTable', {
    from: dayjs(weekStart).format('DD.MM'),
    to: dayjs(dateOfDay(weekStart, lastDay)).format('DD.MM'),
  });
  const overflowing = fit !== null && fit.visible < dayCount;

  const updateEdges = () => {
    const box = scroller.current;
    if (!box) return;
    const atStart = box.scrollLeft <= 1;
    const atEnd = box.scrollLeft + box.clientWidth >= box.scrollWidth - 1;
    setEdges((previous) =>
      previous.atStart === atStart && previous.atEnd === atEnd ? previous : { atStart, atEnd },
    );
  };

  // Measure before paint, and again whenever the content column changes width.
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const measure = () => {
      const next = fitDays(box.clientWidth, dayCount);
      setFit((previous) =>
        previous?.dayWidth === next?.dayWidth && previous?.visible === next?.visible
          ? previous
          : next,
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [dayCount]);

  // When the week does not fit, open it on today (with as many days after it as fit).
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box || !fit) return;
    if (!scrolledToToday.current && fit.visible < dayCount) {
      const todayIndex = grid.days.findIndex((day) => day === today);
      const first = Math.max(0, Math.min(todayIndex, dayCount - fit.visible));
      box.scrollLeft = first * fit.dayWidth;
      scrolledToToday.current = true;
    }
    updateEdges();
  });

  const page = (direction: 1 | -1) => {
    const box = scroller.current;
    if (!box || !fit) return;
    box.scrollBy({ left: direction * fit.visible * fit.dayWidth, behavior: 'smooth' });
  };

  const tableStyle = overflowing ? { width: PAIR_COLUMN_PX + fit.dayWidth * dayCount } : undefined;

  return (
    <div className={styles.wrapper}>
      {overflowing ? (
        <div className={styles.pager}>
          <button
            type="button"
            className={styles.pagerButton}
            onClick={() => page(-1)}
            disabled={edges.atStart}
            aria-label={t('earlierDays')}
            title={t('earlierDays')}
          >
            <Icon name="chevronDown" size={18} className={styles.previous} />
          </button>
          <button
            type="button"
            className={styles.pagerButton}
            onClick={() => page(1)}
            disabled={edges.atEnd}
            aria-label={t('laterDays')}
            title={t('laterDays')}
          >
            <Icon name="chevronDown" size={18} className={styles.next} />
          </button>
        </div>
      ) : null}
      <div
        ref={scroller}
        className={overflowing ? `${styles.scroller} ${styles.snapping}` : styles.scroller}
        role="region"
        aria-label={caption}
        // Focusable so the sideways scroll works from the keyboard.
        tabIndex={overflowing ? 0 : undefined}
        onScroll={overflowing ? updateEdges : undefined}
      >
        <table className={styles.table} style={tableStyle}>
          <caption className="visually-hidden">{caption}</caption>
          <colgroup>
            <col style={{ width: PAIR_COLUMN_PX }} />
            {grid.days.map((day) => (
              <col key={day} style={overflowing ? { width: fit.dayWidth } : undefined} />
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
    </div>
  );
}
