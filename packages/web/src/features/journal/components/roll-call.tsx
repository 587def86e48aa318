import type { UseQueryResult } from '@tanstack/react-query';
import { formatDate } from '@lms/i18n/dates';
import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { DraftNote } from '../../../components/ui/draft-note';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { Loading } from '../../../components/ui/loading';
import { Panel } from '../../../components/ui/panel';
import { QueryFailed } from '../../../components/ui/query-state';
import form from '../../../components/ui/text-field.module.css';
import { cx } from '../../../lib/format/class-names';
import { outboxState } from '../../../lib/offline/outbox/use-outbox';
import { PLACEHOLDER_ID, PLACEHOLDER_TEXT } from '../../../lib/ui-state/pickers';
import { absentOption, type Assessment } from '../utils/journal-class';
import { rollCounts, rollKeyChange, setAbsent, setMark, type RollEntry } from '../utils/roll-call';
import { rollListView, shownDateProblem } from '../utils/roll-call-state';
import { useRollCall, type RollCallModel, type RollCallSource } from './use-roll-call';
import styles from './journal.module.css';

export interface RollCallProps extends RollCallSource {
  assessments: UseQueryResult<Assessment[]>;
}

const HOURS = [1, 2, 3, 4, 5, 6, 7, 8];

/**
 * The students of the roll, each with a toggle for absent and a mark. On a row's toggle the arrows
 * go to the next or previous student and a key marks them (`rollKeyChange`).
 */
function RollList({
  entries,
  assessments,
  onEdit,
}: {
  entries: RollEntry[];
  assessments: UseQueryResult<Assessment[]>;
  onEdit: (next: RollEntry[]) => void;
}) {
  const { t } = useTranslation('journal');
  const rollId = useId();
  const options = assessments.data ?? [];
  const absentId = absentOption(options)?.id_otsenka;

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const target = event.target as HTMLElement;
    if (!(target instanceof HTMLButtonElement) || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    const row = target.closest<HTMLElement>('[data-student]');
    const id = Number(row?.dataset.student);
    if (!row || !Number.isFinite(id)) return;
    const move = (to: Element | null | undefined) => {
      to?.querySelector<HTMLButtonElement>('button')?.focus();
      event.preventDefault();
    };
    if (event.key === 'ArrowDown') return move(row.nextElementSibling);
    if (event.key === 'ArrowUp') return move(row.previousElementSibling);
    const change = rollKeyChange(event.key, options);
    if (!change) return;
    onEdit(
      'absent' in change
        ? setAbsent(entries, id, change.absent, absentId)
        : setMark(entries, id, change.mark, absentId),
    );
    event.preventDefault();
  };

  return (
    <ul className={styles.roll} onKeyDown={onKeyDown} aria-label={t('roll.title')}>
      {entries.map((entry) => {
        const absent = !entry.isVisited;
        const nameId = `${rollId}-s${entry.id_student}`;
        return (
          <li key={entry.id_student} data-student={entry.id_student} data-absent={absent}>
            <div className={styles.student} data-absent={absent}>
              <span id={nameId} className={styles.studentName}>
                {entry.s_fio}
              </span>
              <button
                type="button"
                className={styles.toggle}
                aria-pressed={absent}
                aria-describedby={nameId}
                onClick={() => onEdit(setAbsent(entries, entry.id_student, !absent, absentId))}
              >
                {/* The state shows by more than colour: a box, ticked while absent. */}
                <span className={styles.toggleBox} aria-hidden="true">
                  {absent ? <Icon name="check" size={14} strokeWidth={3} /> : null}
                </span>
                {t('roll.absent')}
              </button>
              <select
                className={cx(form.select, styles.markSelect)}
                aria-label={t('roll.markOf', { name: entry.s_fio })}
                value={entry.id_otsenka}
                aria-busy={assessments.isFetching || undefined}
                onChange={(event) =>
                  onEdit(setMark(entries, entry.id_student, Number(event.target.value), absentId))
                }
              >
                <option value={PLACEHOLDER_ID}>{PLACEHOLDER_TEXT}</option>
                {options.map((option) => (
                  <option key={option.id_otsenka} value={option.id_otsenka}>
                    {option.name}
                  </option>
                ))}
              </select>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Where the roll's list goes: the keys it takes, then its list or what stands instead of it. */
function RollPlace({
  call,
  journal,
  assessments,
}: {
  call: RollCallModel;
  journal: UseQueryResult<unknown>;
  assessments: UseQueryResult<Assessment[]>;
}) {
  const { t } = useTranslation('journal');
  const { roll, entries } = call;
  const view = rollListView({
    settled: call.settled,
    problem: call.problem,
    journalFailed: journal.isError,
    rollFailed: roll.isError,
    rollRead: roll.isSuccess,
    waiting: call.waiting !== undefined,
    own: call.own !== null,
    students: entries.length,
  });
  if (view === 'none') return null;
  let place;
  switch (view) {
    case 'opening':
    case 'loading':
      place = <Loading />;
      break;
    case 'journalFailed':
      // The roll waits for the journal (it says whether the date is stored): name what failed.
      place = (
        <QueryFailed
          text={t('roll.journalFailed')}
          error={journal.error}
          onRetry={() => void journal.refetch()}
        />
      );
      break;
    case 'rollFailed':
      place = (
        <QueryFailed
          text={t('roll.failed')}
          error={roll.error}
          onRetry={() => void roll.refetch()}
        />
      );
      break;
    case 'empty':
      place = <EmptyState icon="contacts" text={t('roll.empty')} />;
      break;
    case 'list':
      place = <RollList entries={entries} assessments={assessments} onEdit={call.edit} />;
      break;
  }
  return (
    <>
      <p className={cx(styles.note, styles.keys)}>{t('roll.keys')}</p>
      {place}
    </>
  );
}

/** The date of the roll and its hours. */
function RollHead({
  call,
  today,
  span,
}: {
  call: RollCallModel;
  today: string;
  span: [string, string] | null;
}) {
  const { t } = useTranslation('journal');
  const hoursId = useId();
  const shown = shownDateProblem(call.state, call.problem, span !== null);
  const dateError =
    shown === 'future'
      ? t('roll.dateFuture')
      : shown === 'outside' && span
        ? t('roll.dateOutside', { from: formatDate(span[0]), to: formatDate(span[1]) })
        : shown === 'required'
          ? t('roll.dateRequired')
          : null;
  return (
    <div className={styles.rollHead}>
      <DateField
        label={t('roll.date')}
        value={call.date}
        max={today}
        min={span?.[0]}
        error={dateError}
        onChange={call.pickDate}
      />
      <div className={form.field}>
        <label htmlFor={hoursId} className={form.label}>
          {t('roll.hours')}
        </label>
        <select
          id={hoursId}
          className={form.select}
          value={call.timesCount}
          disabled={!call.settled}
          onChange={(event) => call.setHours(Number(event.target.value))}
        >
          {HOURS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** The roll's state after a save: waiting in the outbox (or refused there), or saved. */
function RollStatus({ call }: { call: RollCallModel }) {
  const { t } = useTranslation('journal');
  const { waiting } = call;
  if (waiting) {
    return (
      <p className={styles.notice} role="status">
        <Icon name={waiting.status === 'failed' ? 'alert' : 'refresh'} size={18} />
        {t(`outbox.${outboxState(waiting)}`)}
      </p>
    );
  }
  if (call.state.savedDate === call.date && !call.discarded) {
    return (
      <p className={styles.notice} role="status">
        <Icon name="check" size={18} />
        {t('roll.saved')}
      </p>
    );
  }
  return null;
}

/**
 * The roll call of one date: everyone present to begin with (or what is stored or waiting for the
 * date), a tap or a key marks the exceptions, and one save records the class through the outbox.
 * A roll half taken is kept as a draft of the class and date until it is handed to the outbox,
 * and the roll call opens on that date again (after a reload too) until it is saved or cleared.
 */
export function RollCall(props: RollCallProps) {
  const { t } = useTranslation('journal');
  const call = useRollCall(props);
  const { problem, entries, pressed } = call;
  const counts = rollCounts(entries);

  return (
    <Panel title={t('roll.title')} icon="check" className={styles.noPrint}>
      <form
        className={styles.page}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void call.save();
        }}
      >
        <RollHead call={call} today={props.today} span={props.span} />
        {call.stored && !problem ? <p className={styles.note}>{t('roll.stored')}</p> : null}
        <DraftNote restored={call.draftRestored} onDiscard={call.discard} />
        <RollPlace call={call} journal={props.journal} assessments={props.assessments} />
        <div className={styles.actions}>
          <p className={styles.counts} aria-live="polite">
            {!problem && entries.length > 0 ? (
              <>
                <span className={styles.count}>
                  {t('roll.presentCount', { count: counts.present })}
                </span>
                <span className={cx(styles.count, styles.countAbsent)}>
                  {t('roll.absentCount', { count: counts.absent })}
                </span>
              </>
            ) : null}
          </p>
          {/* Pressed, the button keeps the focus: it is marked unavailable, not disabled. */}
          <Button
            type="submit"
            className={styles.saveRoll}
            disabled={!problem && entries.length === 0}
            aria-disabled={pressed || undefined}
            aria-busy={call.state.saving || undefined}
          >
            <Icon name="check" size={18} />
            {t('roll.save')}
          </Button>
        </div>
        <RollStatus call={call} />
      </form>
    </Panel>
  );
}
