import type { UseQueryResult } from '@tanstack/react-query';
import { PLACE_KEY_PREFIX } from '../../../lib/drafts/draft-store';
import { outboxState } from '../../../lib/outbox/use-outbox';
import { formatDate } from '@lms/i18n/dates';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { Loading } from '../../../components/ui/loading';
import { Panel } from '../../../components/ui/panel';
import { QueryFailed } from '../../../components/ui/query-state';
import form from '../../../components/ui/text-field.module.css';
import { cx } from '../../../lib/class-names';
import { DraftNote } from '../../../components/ui/draft-note';
import { useDraft } from '../../../lib/drafts/use-draft';
import type { OutboxEntry } from '../../../lib/outbox/outbox';
import { PLACEHOLDER_ID, PLACEHOLDER_TEXT } from '../../../lib/pickers';
import { useRoll } from '../api/get-roll';
import { visitOutbox, type VisitWrite } from '../api/send-visits';
import type { Journal } from '../utils/journal-calc';
import { absentOption, classKey, type Assessment, type JournalClass } from '../utils/journal-class';
import { lessonDateProblem } from '../utils/lesson-date';
import {
  rollCounts,
  rollVisits,
  setAbsent,
  setMark,
  startRoll,
  type RollEntry,
} from '../utils/roll-call';
import styles from './journal.module.css';

export interface RollCallProps {
  owner: number;
  cls: JournalClass;
  subgroup: number;
  /** YYYY-MM-DD: the default date and the latest allowed. */
  today: string;
  /** The semester's first and last dates, when known. */
  span: [string, string] | null;
  journal: UseQueryResult<Journal>;
  assessments: UseQueryResult<Assessment[]>;
  /** The class's writes not saved yet. */
  pending: readonly OutboxEntry<VisitWrite>[];
}

const ABSENT_KEYS = new Set(['н', 'n', 'a', 'ф']);
const PRESENT_KEYS = new Set(['п', 'p', 'з']);
const HOURS = [1, 2, 3, 4, 5, 6, 7, 8];

/** A roll being taken: the marks given so far and the hours, null while left as they come. */
interface RollDraft {
  roll: RollEntry[] | null;
  hours: number | null;
}

const UNTOUCHED: RollDraft = { roll: null, hours: null };

/** A roll handed to the outbox, and whether the server refused it when last seen there. */
interface HandedRoll {
  date: string;
  roll: RollEntry[];
  hours: number;
  refused: boolean;
}

/** One roll call draft per class, subgroup and date. */
const rollDraftKey = (cls: JournalClass, subgroup: number, date: string) =>
  `journal:roll:${classKey(cls)}:${subgroup}:${date}`;

/**
 * The dates of the class and subgroup whose rolls are being taken (each with its draft), the one
 * last changed at the end: the roll call opens on it after a reload rather than on today.
 */
const takingDraftKey = (cls: JournalClass, subgroup: number) =>
  `${PLACE_KEY_PREFIX}journal:roll-dates:${classKey(cls)}:${subgroup}`;

const NOT_TAKING: readonly string[] = [];

/** The newest roll of the date still waiting in the outbox. */
function pendingRollOf(pending: readonly OutboxEntry<VisitWrite>[], date: string) {
  return pending.findLast(
    (entry) => entry.payload.kind === 'roll' && entry.payload.visits[0]?.visitDate === date,
  );
}

/**
 * The roll call of one date: everyone present to begin with (or what is stored or waiting for the
 * date), a tap or a key marks the exceptions, and one save records the class through the outbox.
 * A roll half taken is kept as a draft of the class and date until it is handed to the outbox,
 * and the roll call opens on that date again (after a reload too) until it is saved or cleared.
 */
export function RollCall({
  owner,
  cls,
  subgroup,
  today,
  span,
  journal,
  assessments,
  pending,
}: RollCallProps) {
  const { t } = useTranslation('journal');
  const rollId = useId();
  const hoursId = useId();
  // Nothing a teacher chose is lost: a roll left half taken brings its date back (else today).
  const taking = useDraft(owner, takingDraftKey(cls, subgroup), NOT_TAKING);
  const [picked, setPicked] = useState<string | null>(null);
  if (picked === null && taking.ready) setPicked(taking.value.at(-1) ?? today);
  const settled = picked !== null;
  const date = picked ?? today;
  const draft = useDraft(
    owner,
    settled && date ? rollDraftKey(cls, subgroup, date) : null,
    UNTOUCHED,
  );
  /** The roll last handed to the outbox, shown as it was until the person changes it. */
  const [handed, setHanded] = useState<HandedRoll | null>(null);
  const [savedDate, setSavedDate] = useState<string | null>(null);
  const [showProblem, setShowProblem] = useState(false);
  const [saving, setSaving] = useState(false);

  const problem = lessonDateProblem(date, today, span);
  const column = journal.data?.resArray.find((item) => item.visitDate === date);
  const stored = Boolean(column);
  const ownRoll = draft.value.roll ?? (handed?.date === date ? handed.roll : null);
  const timesCount =
    draft.value.hours ?? (handed?.date === date ? handed.hours : null) ?? column?.timesCount ?? 2;
  const roll = useRoll(
    settled && !problem && journal.isSuccess ? { cls, visitDate: date, subgroup, stored } : null,
  );
  const waiting = pendingRollOf(pending, date);
  const handedWaiting = handed ? pendingRollOf(pending, handed.date) : undefined;
  const refusedNow = handedWaiting?.status === 'failed';
  if (handed && handedWaiting && handed.refused !== refusedNow) {
    setHanded({ ...handed, refused: refusedNow });
  }
  // A refused roll the teacher discarded is not on the server: it may be saved again.
  const discarded = Boolean(handed?.refused && !handedWaiting);
  // One press, one save: while the roll is being handed over, and after that until it changes, a
  // press has nothing new to save.
  const handedAsShown =
    handed?.date === date && draft.value.roll === null && draft.value.hours === null && !discarded;
  const pressed = saving || handedAsShown;
  const options = assessments.data ?? [];
  const absentId = absentOption(options)?.id_otsenka;

  let base: RollEntry[] = startRoll(roll.data ?? []);
  if (waiting?.payload.kind === 'roll') {
    const names = new Map(base.map((entry) => [entry.id_student, entry.s_fio]));
    base = waiting.payload.visits.map((visit) => ({
      id_student: visit.id_student,
      s_fio: names.get(visit.id_student) ?? String(visit.id_student),
      isVisited: visit.isVisited,
      id_otsenka: visit.id_otsenka,
    }));
  }
  const entries = ownRoll ?? base;
  const counts = rollCounts(entries);
  /** The roll of the date is being taken: the roll call opens on it until it is saved or cleared. */
  const takeRollOf = (day: string) =>
    taking.set((dates) =>
      dates.at(-1) === day ? dates : [...dates.filter((d) => d !== day), day],
    );
  /** The roll of the date is saved or cleared: the roll call opens on the one taken before, or today. */
  const doneWith = (day: string) => taking.set((dates) => dates.filter((d) => d !== day));
  const edit = (next: RollEntry[]) => {
    draft.set((value) => ({ ...value, roll: next }));
    takeRollOf(date);
    setSavedDate(null);
  };
  const discard = () => {
    draft.clear();
    doneWith(date);
  };

  const save = async () => {
    if (pressed) return;
    if (problem) {
      setShowProblem(true);
      return;
    }
    const visits = rollVisits(cls, date, timesCount, entries);
    if (visits.length === 0) return;
    setSaving(true);
    setHanded({ date, roll: entries, hours: timesCount, refused: false });
    try {
      await visitOutbox.add({
        owner,
        scope: classKey(cls),
        files: [],
        payload: { kind: 'roll', visits },
      });
    } finally {
      setSaving(false);
    }
    // The outbox keeps the roll from now on (across reloads too): the draft goes.
    draft.clear();
    doneWith(date);
    setSavedDate(date);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const target = event.target as HTMLElement;
    if (!(target instanceof HTMLButtonElement) || event.altKey || event.ctrlKey || event.metaKey) {
      return;
    }
    const row = target.closest<HTMLElement>('[data-student]');
    const id = Number(row?.dataset.student);
    if (!row || !Number.isFinite(id)) return;
    const key = event.key.toLowerCase();
    const move = (to: Element | null | undefined) => {
      to?.querySelector<HTMLButtonElement>('button')?.focus();
      event.preventDefault();
    };
    if (event.key === 'ArrowDown') return move(row.nextElementSibling);
    if (event.key === 'ArrowUp') return move(row.previousElementSibling);
    if (ABSENT_KEYS.has(key)) {
      edit(setAbsent(entries, id, true, absentId));
    } else if (PRESENT_KEYS.has(key)) {
      edit(setAbsent(entries, id, false, absentId));
    } else if (key === '0') {
      edit(setMark(entries, id, PLACEHOLDER_ID, absentId));
    } else {
      const option = options.find((item) => item.name === key);
      if (!option) return;
      edit(setMark(entries, id, option.id_otsenka, absentId));
    }
    event.preventDefault();
  };

  let list;
  if (!settled) {
    list = <Loading />;
  } else if (problem) {
    list = null;
  } else if (journal.isError && !ownRoll) {
    // The roll waits for the journal (it says whether the date is stored): name what failed.
    list = (
      <QueryFailed
        text={t('roll.journalFailed')}
        error={journal.error}
        onRetry={() => void journal.refetch()}
      />
    );
  } else if (roll.isError && !ownRoll) {
    list = (
      <QueryFailed text={t('roll.failed')} error={roll.error} onRetry={() => void roll.refetch()} />
    );
  } else if (!roll.isSuccess && !waiting && !ownRoll) {
    list = <Loading />;
  } else if (entries.length === 0) {
    list = <EmptyState icon="contacts" text={t('roll.empty')} />;
  } else {
    list = (
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
                  onClick={() => edit(setAbsent(entries, entry.id_student, !absent, absentId))}
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
                    edit(setMark(entries, entry.id_student, Number(event.target.value), absentId))
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

  let status = null;
  if (waiting) {
    status = (
      <p className={styles.notice} role="status">
        <Icon name={waiting.status === 'failed' ? 'alert' : 'refresh'} size={18} />
        {t(`outbox.${outboxState(waiting)}`)}
      </p>
    );
  } else if (savedDate === date && !discarded) {
    status = (
      <p className={styles.notice} role="status">
        <Icon name="check" size={18} />
        {t('roll.saved')}
      </p>
    );
  }

  // An empty date is only pointed out once the user tries to save.
  let dateError: string | null = null;
  if (problem === 'future') dateError = t('roll.dateFuture');
  else if (problem === 'outside' && span) {
    dateError = t('roll.dateOutside', { from: formatDate(span[0]), to: formatDate(span[1]) });
  } else if (problem === 'required' && showProblem) dateError = t('roll.dateRequired');

  return (
    <Panel title={t('roll.title')} icon="check" className={styles.noPrint}>
      <form
        className={styles.page}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <div className={styles.rollHead}>
          <DateField
            label={t('roll.date')}
            value={date}
            max={today}
            min={span?.[0]}
            error={dateError}
            onChange={(next) => {
              setPicked(next);
              setShowProblem(false);
            }}
          />
          <div className={form.field}>
            <label htmlFor={hoursId} className={form.label}>
              {t('roll.hours')}
            </label>
            <select
              id={hoursId}
              className={form.select}
              value={timesCount}
              disabled={!settled}
              onChange={(event) => {
                const next = Number(event.target.value);
                draft.set((value) => ({ ...value, hours: next }));
                takeRollOf(date);
              }}
            >
              {HOURS.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        </div>
        {stored && !problem ? <p className={styles.note}>{t('roll.stored')}</p> : null}
        <DraftNote restored={draft.restored} onDiscard={discard} />
        {list ? <p className={cx(styles.note, styles.keys)}>{t('roll.keys')}</p> : null}
        {list}
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
            aria-busy={saving || undefined}
          >
            <Icon name="check" size={18} />
            {t('roll.save')}
          </Button>
        </div>
        {status}
      </form>
    </Panel>
  );
}
