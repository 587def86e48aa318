import type { LessonDateProblem } from './lesson-date';
import type { RollEntry } from './roll-call';

/** A roll handed to the outbox, and whether the server refused it when last seen there. */
export interface HandedRoll {
  date: string;
  roll: RollEntry[];
  hours: number;
  refused: boolean;
}

/** A roll being taken, as its draft keeps it: the marks so far and the hours (null: untouched). */
export interface RollDraft {
  roll: RollEntry[] | null;
  hours: number | null;
}

export const UNTOUCHED: RollDraft = { roll: null, hours: null };

/** What the roll call holds besides the drafts: the date, the last roll saved and the save. */
export interface RollCallState {
  /** The date the roll is taken for; null until the dates being taken have been read. */
  picked: string | null;
  /** The roll last handed to the outbox, shown as it was until the person changes it. */
  handed: HandedRoll | null;
  /** The date whose roll the outbox took last, said as saved until the roll is changed. */
  savedDate: string | null;
  /** An empty date is pointed out once a save was tried with it. */
  showProblem: boolean;
  /** The roll is being handed to the outbox. */
  saving: boolean;
}

export const ROLL_CALL_START: RollCallState = {
  picked: null,
  handed: null,
  savedDate: null,
  showProblem: false,
  saving: false,
};

export type RollCallAction =
  /** The dates being taken were read: the roll call opens on `date` (once). */
  | { type: 'opened'; date: string }
  /** The person chose another date. */
  | { type: 'datePicked'; date: string }
  /** The person changed the roll. */
  | { type: 'rollChanged' }
  /** A save was pressed with a date that cannot be saved. */
  | { type: 'saveRefused' }
  /** The roll is being handed to the outbox. */
  | { type: 'handing'; date: string; roll: RollEntry[]; hours: number }
  /** The outbox took the roll of `date`. */
  | { type: 'handed'; date: string }
  /** The outbox could not take the roll. */
  | { type: 'handFailed' }
  /** The outbox's entry of the handed roll was seen refused (or no longer refused). */
  | { type: 'refusalSeen'; refused: boolean };

export function rollCallReducer(state: RollCallState, action: RollCallAction): RollCallState {
  switch (action.type) {
    case 'opened':
      return state.picked === null ? { ...state, picked: action.date } : state;
    case 'datePicked':
      return { ...state, picked: action.date, showProblem: false };
    case 'rollChanged':
      return state.savedDate === null ? state : { ...state, savedDate: null };
    case 'saveRefused':
      return { ...state, showProblem: true };
    case 'handing': {
      const { date, roll, hours } = action;
      return { ...state, saving: true, handed: { date, roll, hours, refused: false } };
    }
    case 'handed':
      return { ...state, saving: false, savedDate: action.date };
    case 'handFailed':
      return { ...state, saving: false };
    case 'refusalSeen':
      return state.handed && state.handed.refused !== action.refused
        ? { ...state, handed: { ...state.handed, refused: action.refused } }
        : state;
  }
}

/** The handed roll of `date`, while it is the one shown. */
const handedOf = (state: RollCallState, date: string) =>
  state.handed?.date === date ? state.handed : null;

/** The roll the person has made for `date`: the draft's, else the one just handed, else none. */
export const ownRoll = (state: RollCallState, draft: RollDraft, date: string) =>
  draft.roll ?? handedOf(state, date)?.roll ?? null;

/** The hours of `date`: chosen, else just handed, else stored (`storedHours`), else 2. */
export const rollHours = (
  state: RollCallState,
  draft: RollDraft,
  date: string,
  storedHours: number | undefined,
) => draft.hours ?? handedOf(state, date)?.hours ?? storedHours ?? 2;

/**
 * A refused roll the teacher discarded from the outbox (`stillWaiting` false) is not on the
 * server: it may be saved again.
 */
export const handedDiscarded = (state: RollCallState, stillWaiting: boolean) =>
  Boolean(state.handed?.refused && !stillWaiting);

/**
 * One press, one save: while the roll is being handed over, and after that until it changes, a
 * press has nothing new to save.
 */
export const saveWaits = (
  state: RollCallState,
  draft: RollDraft,
  date: string,
  discarded: boolean,
) =>
  state.saving ||
  (state.handed?.date === date && draft.roll === null && draft.hours === null && !discarded);

/** The date's problem as the field says it: an empty date only once a save was tried. */
export function shownDateProblem(
  state: RollCallState,
  problem: LessonDateProblem | null,
  hasSpan: boolean,
): LessonDateProblem | null {
  if (problem === 'outside' && !hasSpan) return null;
  if (problem === 'required' && !state.showProblem) return null;
  return problem;
}

/** What stands where the roll's list goes. */
export type RollListView =
  'opening' | 'none' | 'journalFailed' | 'rollFailed' | 'loading' | 'empty' | 'list';

/**
 * The list's place: nothing while the date cannot be taken, a failure while the journal (which
 * says whether the date is stored) or the roll cannot be read and the person has no roll of
 * their own, loading until the roll or a waiting write shows one, then the list or its empty state.
 */
export function rollListView(view: {
  settled: boolean;
  problem: LessonDateProblem | null;
  journalFailed: boolean;
  rollFailed: boolean;
  rollRead: boolean;
  waiting: boolean;
  own: boolean;
  students: number;
}): RollListView {
  if (!view.settled) return 'opening';
  if (view.problem) return 'none';
  if (view.journalFailed && !view.own) return 'journalFailed';
  if (view.rollFailed && !view.own) return 'rollFailed';
  if (!view.rollRead && !view.waiting && !view.own) return 'loading';
  return view.students === 0 ? 'empty' : 'list';
}
