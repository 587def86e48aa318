// Kinds of lesson (the contract's id_vid_zaniatiy), defined once for the timetable, the visit log
// and registration for disciplines: a lecture (a stream's groups together), a practice and a
// laboratory work (one group each).
export type LessonKind = 1 | 2 | 3;

export const LECTURE = 1 satisfies LessonKind;
export const PRACTICE = 2 satisfies LessonKind;
export const LAB = 3 satisfies LessonKind;

/** The name the portal shows for each kind of lesson. */
export const lessonKindNames: Record<LessonKind, string> = {
  [LECTURE]: 'Лекция',
  [PRACTICE]: 'Практика',
  [LAB]: 'Лабораторная работа',
};

/** Kinds of lesson, in plan order (the contract's VidZaniatiy). */
export const lessonKinds: readonly { id_vid_zaniatiy: LessonKind; name: string }[] = (
  [LECTURE, PRACTICE, LAB] as const
).map((id_vid_zaniatiy) => ({ id_vid_zaniatiy, name: lessonKindNames[id_vid_zaniatiy] }));
