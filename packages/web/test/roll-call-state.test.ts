import { describe, expect, it } from 'vitest';
import {
  rollKeyChange,
  rollOfWrite,
  withoutRoll,
  withRollTaken,
  type RollEntry,
} from '../src/features/journal/utils/roll-call';
import {
  handedDiscarded,
  ownRoll,
  ROLL_CALL_START,
  rollCallReducer,
  rollHours,
  rollListView,
  saveWaits,
  shownDateProblem,
  UNTOUCHED,
  type RollCallAction,
  type RollCallState,
} from '../src/features/journal/utils/roll-call-state';

const ivanova: RollEntry = { id_student: 1, s_fio: 'Иванова А.', isVisited: true, id_otsenka: -1 };
const petrov: RollEntry = { id_student: 2, s_fio: 'Петров Б.', isVisited: false, id_otsenka: 7 };

const run = (...actions: RollCallAction[]) => actions.reduce(rollCallReducer, ROLL_CALL_START);

describe('roll call state', () => {
  it('opens once, on the date it is given first; a picked date replaces it and hides the problem', () => {
    const opened = run({ type: 'opened', date: '2025-03-04' });
    expect(opened.picked).toBe('2025-03-04');
    expect(rollCallReducer(opened, { type: 'opened', date: '2025-03-10' }).picked).toBe(
      '2025-03-04',
    );
    const refused = rollCallReducer(opened, { type: 'saveRefused' });
    expect(refused.showProblem).toBe(true);
    const picked = rollCallReducer(refused, { type: 'datePicked', date: '2025-03-05' });
    expect(picked).toMatchObject({ picked: '2025-03-05', showProblem: false });
  });

  it('hands a roll over, says its date saved once the outbox took it, and forgets that on a change', () => {
    const handing = run(
      { type: 'opened', date: '2025-03-04' },
      { type: 'handing', date: '2025-03-04', roll: [ivanova, petrov], hours: 4 },
    );
    expect(handing.saving).toBe(true);
    expect(handing.handed).toEqual({
      date: '2025-03-04',
      roll: [ivanova, petrov],
      hours: 4,
      refused: false,
    });
    expect(handing.savedDate).toBeNull();

    const handed = rollCallReducer(handing, { type: 'handed', date: '2025-03-04' });
    expect(handed).toMatchObject({ saving: false, savedDate: '2025-03-04' });

    const changed = rollCallReducer(handed, { type: 'rollChanged' });
    expect(changed.savedDate).toBeNull();
    // The roll handed stays, to be shown until the person's own roll replaces it.
    expect(changed.handed?.roll).toEqual([ivanova, petrov]);
  });

  it('stops saving without calling the date saved when the outbox cannot take the roll', () => {
    const failed = run(
      { type: 'opened', date: '2025-03-04' },
      { type: 'handing', date: '2025-03-04', roll: [ivanova], hours: 2 },
      { type: 'handFailed' },
    );
    expect(failed).toMatchObject({ saving: false, savedDate: null });
  });

  it('follows the handed roll’s refusal, and nothing without a handed roll', () => {
    expect(rollCallReducer(ROLL_CALL_START, { type: 'refusalSeen', refused: true })).toBe(
      ROLL_CALL_START,
    );
    const handed = run({ type: 'handing', date: '2025-03-04', roll: [ivanova], hours: 2 });
    const refused = rollCallReducer(handed, { type: 'refusalSeen', refused: true });
    expect(refused.handed?.refused).toBe(true);
    expect(rollCallReducer(refused, { type: 'refusalSeen', refused: true })).toBe(refused);
    expect(rollCallReducer(refused, { type: 'refusalSeen', refused: false }).handed?.refused).toBe(
      false,
    );
  });
});

describe('what the roll call shows', () => {
  const handed: RollCallState = {
    ...ROLL_CALL_START,
    picked: '2025-03-04',
    handed: { date: '2025-03-04', roll: [petrov], hours: 3, refused: false },
  };

  it('shows the draft’s roll, else the one handed for that date, else none', () => {
    expect(ownRoll(handed, { roll: [ivanova], hours: null }, '2025-03-04')).toEqual([ivanova]);
    expect(ownRoll(handed, UNTOUCHED, '2025-03-04')).toEqual([petrov]);
    expect(ownRoll(handed, UNTOUCHED, '2025-03-05')).toBeNull();
  });

  it('takes the hours chosen, else those handed for the date, else those stored, else 2', () => {
    expect(rollHours(handed, { roll: null, hours: 6 }, '2025-03-04', 1)).toBe(6);
    expect(rollHours(handed, UNTOUCHED, '2025-03-04', 1)).toBe(3);
    expect(rollHours(handed, UNTOUCHED, '2025-03-05', 1)).toBe(1);
    expect(rollHours(handed, UNTOUCHED, '2025-03-05', undefined)).toBe(2);
  });

  it('counts a refused roll as discarded once the outbox no longer holds it', () => {
    const refused = { ...handed, handed: { ...handed.handed!, refused: true } };
    expect(handedDiscarded(refused, false)).toBe(true);
    expect(handedDiscarded(refused, true)).toBe(false);
    expect(handedDiscarded(handed, false)).toBe(false);
  });

  it('lets a press save only what is new: not while saving, nor the roll just handed unchanged', () => {
    expect(saveWaits({ ...ROLL_CALL_START, saving: true }, UNTOUCHED, '2025-03-04', false)).toBe(
      true,
    );
    expect(saveWaits(handed, UNTOUCHED, '2025-03-04', false)).toBe(true);
    expect(saveWaits(handed, { roll: [ivanova], hours: null }, '2025-03-04', false)).toBe(false);
    expect(saveWaits(handed, { roll: null, hours: 4 }, '2025-03-04', false)).toBe(false);
    expect(saveWaits(handed, UNTOUCHED, '2025-03-05', false)).toBe(false);
    // Discarded after a refusal, the same roll may be saved again.
    expect(saveWaits(handed, UNTOUCHED, '2025-03-04', true)).toBe(false);
  });

  it('says a future or outside date at once, an empty one only after a save was tried', () => {
    expect(shownDateProblem(ROLL_CALL_START, 'future', false)).toBe('future');
    expect(shownDateProblem(ROLL_CALL_START, 'outside', true)).toBe('outside');
    expect(shownDateProblem(ROLL_CALL_START, 'outside', false)).toBeNull();
    expect(shownDateProblem(ROLL_CALL_START, 'required', true)).toBeNull();
    expect(shownDateProblem({ ...ROLL_CALL_START, showProblem: true }, 'required', true)).toBe(
      'required',
    );
    expect(shownDateProblem(ROLL_CALL_START, null, true)).toBeNull();
  });

  it('puts the list, or what stands for it, in the list’s place', () => {
    const ready = {
      settled: true,
      problem: null,
      journalFailed: false,
      rollFailed: false,
      rollRead: true,
      waiting: false,
      own: false,
      students: 2,
    };
    expect(rollListView(ready)).toBe('list');
    expect(rollListView({ ...ready, students: 0 })).toBe('empty');
    expect(rollListView({ ...ready, settled: false, problem: 'required' })).toBe('opening');
    expect(rollListView({ ...ready, problem: 'future', journalFailed: true })).toBe('none');
    expect(rollListView({ ...ready, journalFailed: true, rollFailed: true })).toBe('journalFailed');
    expect(rollListView({ ...ready, rollFailed: true })).toBe('rollFailed');
    // The person's own roll stays on screen whatever fails.
    expect(rollListView({ ...ready, journalFailed: true, rollFailed: true, own: true })).toBe(
      'list',
    );
    expect(rollListView({ ...ready, rollRead: false })).toBe('loading');
    expect(rollListView({ ...ready, rollRead: false, waiting: true })).toBe('list');
    expect(rollListView({ ...ready, rollRead: false, own: true })).toBe('list');
  });
});

describe('roll call rules', () => {
  it('shows a waiting write in its order, named from the list or by id', () => {
    expect(
      rollOfWrite(
        [ivanova, petrov],
        [
          { id_student: 2, isVisited: true, id_otsenka: 5 },
          { id_student: 9, isVisited: false, id_otsenka: -1 },
          { id_student: 1, isVisited: false, id_otsenka: 3 },
        ],
      ),
    ).toEqual([
      { id_student: 2, s_fio: 'Петров Б.', isVisited: true, id_otsenka: 5 },
      { id_student: 9, s_fio: '9', isVisited: false, id_otsenka: -1 },
      { id_student: 1, s_fio: 'Иванова А.', isVisited: false, id_otsenka: 3 },
    ]);
  });

  it('reads a key on a row in every layout: absent, present, no mark, or a mark by its name', () => {
    const options = [
      { id_otsenka: 3, name: 'н/б' },
      { id_otsenka: 5, name: '5' },
      { id_otsenka: 4, name: '4' },
    ];
    for (const key of ['н', 'Н', 'n', 'N', 'a', 'ф']) {
      expect(rollKeyChange(key, options)).toEqual({ absent: true });
    }
    for (const key of ['п', 'p', 'P', 'з']) {
      expect(rollKeyChange(key, options)).toEqual({ absent: false });
    }
    expect(rollKeyChange('0', options)).toEqual({ mark: -1 });
    expect(rollKeyChange('5', options)).toEqual({ mark: 5 });
    expect(rollKeyChange('4', options)).toEqual({ mark: 4 });
    expect(rollKeyChange('3', options)).toBeNull();
    expect(rollKeyChange('x', options)).toBeNull();
    expect(rollKeyChange('Enter', options)).toBeNull();
  });

  it('keeps the dates being taken with the last one changed at the end, once each', () => {
    expect(withRollTaken([], '2025-03-04')).toEqual(['2025-03-04']);
    const dates = ['2025-03-04', '2025-03-05'];
    expect(withRollTaken(dates, '2025-03-05')).toBe(dates);
    expect(withRollTaken(dates, '2025-03-04')).toEqual(['2025-03-05', '2025-03-04']);
    expect(withoutRoll(dates, '2025-03-04')).toEqual(['2025-03-05']);
    expect(withoutRoll(dates, '2025-03-09')).toEqual(dates);
  });
});
