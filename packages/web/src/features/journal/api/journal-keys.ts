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
