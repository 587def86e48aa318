import type { components } from '@lms/client';

export type JournalClass = components['schemas']['VisitLogClass'];
export type VisitUpdate = components['schemas']['VisitLogUpdate'];
export type Assessment = components['schemas']['VisitLogAssessment'];

/** The outbox scope of a class: its writes are shown (and overlaid on its journal) there. */
export function classKey(cls: JournalClass): string {
  return [
    cls.id_teacher,
    cls.id_discipline,
    cls.credits,
    cls.isPotok ? `p${cls.id_groupOrPorok}` : `g${cls.id_groupOrPorok}`,
    cls.id_semesterOrWs,
    cls.id_vid_zaniatiy,
  ].join('|');
}

/** The mark option that means absent ('н/б'), if the assessments list has one. */
export function absentOption(assessments: readonly Assessment[]): Assessment | undefined {
  return assessments.find((option) => option.name === 'н/б');
}
