import type { UseQueryResult } from '@tanstack/react-query';
import { useReducer } from 'react';
import { PLACE_KEY_PREFIX } from '../../../lib/offline/drafts/draft-store';
import { useDraft } from '../../../lib/offline/drafts/use-draft';
import type { OutboxEntry } from '../../../lib/offline/outbox/outbox';
import { useRoll } from '../api/get-roll';
import { visitOutbox, type VisitWrite } from '../api/send-visits';
import type { Journal } from '../utils/journal-calc';
import { classKey, type JournalClass } from '../utils/journal-class';
import { lessonDateProblem } from '../utils/lesson-date';
import {
  rollOfWrite,
  rollVisits,
  startRoll,
  withoutRoll,
  withRollTaken,
  type RollEntry,
} from '../utils/roll-call';
import {
  handedDiscarded,
  ownRoll,
  ROLL_CALL_START,
  rollCallReducer,
  rollHours,
  saveWaits,
  UNTOUCHED,
} from '../utils/roll-call-state';

export interface RollCallSource {
  owner: number;
  cls: JournalClass;
  subgroup: number;
  /** YYYY-MM-DD: the default date and the latest allowed. */
  today: string;
  /** The semester's first and last dates, when known. */
  span: [string, string] | null;
  journal: UseQueryResult<Journal>;
  /** The class's writes not saved yet. */
  pending: readonly OutboxEntry<VisitWrite>[];
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
 * The roll call of one date as it is being taken: the date (the one left half taken, else today),
 * the roll shown (the person's own, else the one waiting in the outbox, else the list with
 * everyone present), its hours, and its save through the outbox. The roll and its hours are a
 * draft of the class and date until they are handed to the outbox.
 */
export function useRollCall({
  owner,
  cls,
  subgroup,
  today,
  span,
  journal,
  pending,
}: RollCallSource) {
  // Nothing a teacher chose is lost: a roll left half taken brings its date back (else today).
  const taking = useDraft(owner, takingDraftKey(cls, subgroup), NOT_TAKING);
  const [state, dispatch] = useReducer(rollCallReducer, ROLL_CALL_START);
  if (state.picked === null && taking.ready) {
    dispatch({ type: 'opened', date: taking.value.at(-1) ?? today });
  }
  const settled = state.picked !== null;
  const date = state.picked ?? today;
  const draft = useDraft(
    owner,
    settled && date ? rollDraftKey(cls, subgroup, date) : null,
    UNTOUCHED,
  );

  const problem = lessonDateProblem(date, today, span);
  const column = journal.data?.resArray.find((item) => item.visitDate === date);
  const stored = Boolean(column);
  const own = ownRoll(state, draft.value, date);
  const timesCount = rollHours(state, draft.value, date, column?.timesCount);
  const roll = useRoll(
    settled && !problem && journal.isSuccess ? { cls, visitDate: date, subgroup, stored } : null,
  );
  const waiting = pendingRollOf(pending, date);
  const handedWaiting = state.handed ? pendingRollOf(pending, state.handed.date) : undefined;
  const refusedNow = handedWaiting?.status === 'failed';
  if (state.handed && handedWaiting && state.handed.refused !== refusedNow) {
    dispatch({ type: 'refusalSeen', refused: refusedNow });
  }
  const discarded = handedDiscarded(state, handedWaiting !== undefined);
  const pressed = saveWaits(state, draft.value, date, discarded);
  const listed = startRoll(roll.data ?? []);
  const base =
    waiting?.payload.kind === 'roll' ? rollOfWrite(listed, waiting.payload.visits) : listed;
  const entries = own ?? base;

  /** The roll of the date is being taken: the roll call opens on it until it is saved or cleared. */
  const takeRollOf = (day: string) => taking.set((dates) => withRollTaken(dates, day));
  /** The roll of the date is saved or cleared: the roll call opens on the one taken before, or today. */
  const doneWith = (day: string) => taking.set((dates) => withoutRoll(dates, day));

  const edit = (next: RollEntry[]) => {
    draft.set((value) => ({ ...value, roll: next }));
    takeRollOf(date);
    dispatch({ type: 'rollChanged' });
  };
  const setHours = (hours: number) => {
    draft.set((value) => ({ ...value, hours }));
    takeRollOf(date);
  };
  const discard = () => {
    draft.clear();
    doneWith(date);
  };

  const save = async () => {
    if (pressed) return;
    if (problem) {
      dispatch({ type: 'saveRefused' });
      return;
    }
    const visits = rollVisits(cls, date, timesCount, entries);
    if (visits.length === 0) return;
    dispatch({ type: 'handing', date, roll: entries, hours: timesCount });
    try {
      await visitOutbox.add({
        owner,
        scope: classKey(cls),
        files: [],
        payload: { kind: 'roll', visits },
      });
    } catch (error) {
      dispatch({ type: 'handFailed' });
      throw error;
    }
    // The outbox keeps the roll from now on (across reloads too): the draft goes.
    dispatch({ type: 'handed', date });
    draft.clear();
    doneWith(date);
  };

  return {
    state,
    settled,
    date,
    problem,
    stored,
    roll,
    waiting,
    own,
    entries,
    timesCount,
    discarded,
    pressed,
    draftRestored: draft.restored,
    pickDate: (next: string) => dispatch({ type: 'datePicked', date: next }),
    edit,
    setHours,
    discard,
    save,
  };
}

export type RollCallModel = ReturnType<typeof useRollCall>;
