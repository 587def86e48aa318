import type { components } from '@lms/client';
import type { JournalClass } from '../utils/journal-class';

export type KindsRequest = components['schemas']['VisitLogVidZaniatiyRequest'];
export type StudentJournalRequest = components['schemas']['VisitLogStudentJournalRequest'];

/** A class's journal table: the class and its subgroup (0: the whole group or stream). */
export interface JournalRequest {
  cls: JournalClass;
  subgroup: number;
}

export interface RollRequest {
  cls: JournalClass;
  visitDate: string;
  /** 0: the whole group or stream. */
  subgroup: number;
  /** The journal has the date already: its stored visits and marks are asked for. */
  stored: boolean;
}

/** Query keys of the journal's own lists: everything under ['journal']. */
export const journalKeys = {
  all: ['journal'] as const,
  kinds: (body: object) => [...journalKeys.all, 'kinds', body] as const,
  assessments: (id_vid_zaniatiy: number) =>
    [...journalKeys.all, 'assessments', id_vid_zaniatiy] as const,
  /** The teacher's views of classes: the roll of a date and the journal table. */
  classes: () => [...journalKeys.all, 'class'] as const,
  roll: (body: object) => [...journalKeys.classes(), 'roll', body] as const,
  table: (body: object) => [...journalKeys.classes(), 'table', body] as const,
  student: (body: object) => [...journalKeys.all, 'student', body] as const,
};
