import { formatDecimal } from '@lms/i18n';
import { useVirtualizer } from '@tanstack/react-virtual';
import { dayjs, formatDate } from '@lms/i18n/dates';
import { Fragment, memo, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ActionIcon } from '../../../components/ui/action-icons';
import { cx } from '../../../lib/format/class-names';
import {
  ABSENT_MARK,
  type JournalColumn,
  type JournalTable as Table,
  type JournalTableRow,
} from '../utils/journal-calc';
import { datesByStudent } from '../utils/pending-marks';
import styles from './journal.module.css';

/** From this many students on, only the rows in view (and a few around) are in the page. */
export const VIRTUAL_FROM = 60;
const ROW_HEIGHT = 37;

export interface JournalCell {
  id_student: number;
  s_fio: string;
  column: JournalColumn;
  mark: string;
}

export interface JournalTableProps {
  table: Table;
  /** Cells whose mark the server has not confirmed (cellKey). */
  pending?: ReadonlySet<string>;
  /** The table's accessible name. */
  label: string;
  /** Teachers change a mark from its cell and delete a date from its header. */
  onEdit?: (cell: JournalCell) => void;
  onDeleteDate?: (column: JournalColumn) => void;
}

/** True while the page is being printed: every row is rendered then, not only those in view. */
function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const query = window.matchMedia?.('print');
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    const change = (event: MediaQueryListEvent) => (event.matches ? before() : after());
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    query?.addEventListener?.('change', change);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      query?.removeEventListener?.('change', change);
    };
  }, []);
  return printing;
}

const formatAverage = (value: number, language: string) => formatDecimal(value, language);

/**
 * A date added to the table on screen (a roll just saved) is scrolled into view beside the
 * totals; the table otherwise opens, and stays, where the person left it: at the first dates.
 */
function useFollowNewDate(scrollRef: RefObject<HTMLDivElement | null>, lastDate?: string): void {
  const shown = useRef(lastDate);
  useEffect(() => {
    const before = shown.current;
    shown.current = lastDate;
    const element = scrollRef.current;
    if (!element || !lastDate || !before || lastDate <= before) return;
    const column = element.querySelector<HTMLElement>(`th[data-date="${lastDate}"]`);
    if (!column) return;
    let pinned = 0;
    for (const cell of element.querySelectorAll<HTMLElement>('thead th[data-figure]')) {
      pinned += cell.offsetWidth;
    }
    const end = column.offsetLeft + column.offsetWidth;
    element.scrollLeft = Math.max(element.scrollLeft, end - (element.clientWidth - pinned));
  }, [scrollRef, lastDate]);
}

/**
 * The journal grid: 'ФИО студента', one column per date, then 'Всего н/б', 'Общая сумма' and
 * 'Средняя оценка'. It opens at the first dates; the header row, the names on the left and the
 * three totals on the right stay in view while the dates scroll under them, on every width. A
 * large stream renders only the rows in view.
 */
export function JournalTable({ table, pending, label, onEdit, onDeleteDate }: JournalTableProps) {
  const { i18n } = useTranslation('journal');
  const scrollRef = useRef<HTMLDivElement>(null);
  const printing = usePrinting();
  const virtual = table.rows.length >= VIRTUAL_FROM && !printing;
  // The portal is not built with the React Compiler, so nothing memoises the virtualizer's API.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: virtual ? table.rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtual ? virtualizer.getVirtualItems() : null;
  const indexes = items ? items.map((item) => item.index) : table.rows.map((_, i) => i);
  const padTop = items?.[0]?.start ?? 0;
  const padBottom = items ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const span = table.columns.length + 4;
  const dates = useMemo(
    () => table.columns.map((column) => formatDate(column.visitDate)),
    [table.columns],
  );
  const lastDate = table.columns.at(-1)?.visitDate;
  useFollowNewDate(scrollRef, lastDate);
  // The dates waiting for the server, by student: a row is given its own (or none), so the rows a
  // write does not touch are not drawn again.
  const pendingByStudent = useMemo(() => datesByStudent(pending ?? []), [pending]);

  return (
    // The box sizes the columns to the room it has (container queries in journal.module.css).
    <div className={styles.tableBox}>
      <div
        ref={scrollRef}
        className={styles.tableScroll}
        tabIndex={0}
        role="region"
        aria-label={label}
      >
        <table
          className={styles.table}
          aria-rowcount={table.rows.length + 1}
          // Fixed layout: the browser sizes the columns from the header alone, not from every cell.
          style={{
            width: `calc(var(--name-column) + ${table.columns.length} * var(--date-column) + 3 * var(--figure-column))`,
          }}
        >
          <JournalHead columns={table.columns} dates={dates} onDeleteDate={onDeleteDate} />
          <tbody>
            {padTop > 0 ? (
              <tr className={styles.spacer} aria-hidden="true">
                <td colSpan={span} style={{ height: padTop }} />
              </tr>
            ) : null}
            {indexes.map((index) => {
              const row = table.rows[index];
              return row ? (
                <JournalRow
                  key={row.id_student}
                  row={row}
                  rowIndex={index + 2}
                  columns={table.columns}
                  dates={dates}
                  pendingDates={pendingByStudent.get(row.id_student)}
                  language={i18n.language}
                  onEdit={onEdit}
                />
              ) : null;
            })}
            {padBottom > 0 ? (
              <tr className={styles.spacer} aria-hidden="true">
                <td colSpan={span} style={{ height: padBottom }} />
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </div>
  );
}

interface JournalRowProps {
  row: JournalTableRow;
  rowIndex: number;
  columns: readonly JournalColumn[];
  /** The columns' dates as DD.MM.YYYY, formatted once for every row. */
  dates: readonly string[];
  /** The row's dates whose mark the server has not confirmed. */
  pendingDates: ReadonlySet<string> | undefined;
  language: string;
  onEdit: ((cell: JournalCell) => void) | undefined;
}

/**
 * One student's row. Rows are memoised: while a large table scrolls, only the rows coming into
 * view render, not every row in the window again.
 */
const JournalRow = memo(function JournalRow({
  row,
  rowIndex,
  columns,
  dates,
  pendingDates,
  language,
  onEdit,
}: JournalRowProps) {
  const { t } = useTranslation('journal');
  return (
    <tr data-student={row.id_student} aria-rowindex={rowIndex}>
      <th scope="row" className={styles.nameCell} title={row.s_fio}>
        {row.s_fio}
      </th>
      {columns.map((column, i) => {
        const mark = row.marks[i] ?? '';
        const isPending = pendingDates?.has(column.visitDate) ?? false;
        const text = (
          <>
            <span className={mark === ABSENT_MARK ? styles.absentMark : undefined}>{mark}</span>
            {isPending ? <span className="visually-hidden"> ({t('table.notSaved')})</span> : null}
          </>
        );
        return (
          <td
            key={column.visitDate}
            className={isPending ? styles.pendingCell : undefined}
            data-pending={isPending || undefined}
          >
            {onEdit ? (
              <button
                type="button"
                className={styles.cellButton}
                aria-label={`${mark || '—'} — ${t('table.edit', { name: row.s_fio, date: dates[i] })}`}
                onClick={() =>
                  onEdit({ id_student: row.id_student, s_fio: row.s_fio, column, mark })
                }
              >
                {text}
              </button>
            ) : (
              <span className={styles.cellText}>{text}</span>
            )}
          </td>
        );
      })}
      <td className={styles.figure} data-figure="absences">
        {row.figures.absences}
      </td>
      <td className={styles.figure} data-figure="sum">
        {row.figures.sum}
      </td>
      <td className={styles.figure} data-figure="average">
        {formatAverage(row.figures.average, language)}
      </td>
    </tr>
  );
});

/** A title that wraps between its words only ('Всего н/б' never as 'Всего н/' and 'б'). */
function Words({ text }: { text: string }) {
  return text.split(' ').map((word, i) => (
    <Fragment key={i}>
      {i > 0 ? ' ' : null}
      <span className={styles.word}>{word}</span>
    </Fragment>
  ));
}

/** The totals, pinned on the right in this order. */
const FIGURES = ['absences', 'sum', 'average'] as const;

interface JournalHeadProps {
  columns: readonly JournalColumn[];
  dates: readonly string[];
  onDeleteDate: ((column: JournalColumn) => void) | undefined;
}

/**
 * The header row: names, one column per date (with its delete button), the three figures (their
 * titles shortened where the table is narrow, the full title still their accessible name).
 */
const JournalHead = memo(function JournalHead({ columns, dates, onDeleteDate }: JournalHeadProps) {
  const { t } = useTranslation('journal');
  return (
    <thead>
      <tr aria-rowindex={1}>
        <th scope="col" className={styles.nameCell}>
          {t('table.name')}
        </th>
        {columns.map((column, i) => (
          <th key={column.visitDate} scope="col" data-date={column.visitDate}>
            <span className={styles.dateHead}>
              <time dateTime={column.visitDate} title={dates[i]}>
                {dayjs(column.visitDate).format('DD.MM')}
              </time>
              <span className={styles.hours}>{t('table.hours', { count: column.timesCount })}</span>
              {onDeleteDate ? (
                <button
                  type="button"
                  className={cx(styles.iconButton, styles.noPrint)}
                  aria-label={t('table.deleteDate', { date: dates[i] })}
                  onClick={() => onDeleteDate(column)}
                >
                  <ActionIcon name="trash" size={16} />
                </button>
              ) : null}
            </span>
          </th>
        ))}
        {FIGURES.map((figure) => (
          <th key={figure} scope="col" className={styles.figure} data-figure={figure}>
            <span className={styles.figureTitle}>
              <Words text={t(`table.${figure}`)} />
            </span>
            <span className={styles.figureShort} aria-hidden="true" title={t(`table.${figure}`)}>
              {t(`table.${figure}Short`)}
            </span>
          </th>
        ))}
      </tr>
    </thead>
  );
});
