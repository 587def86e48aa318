/** Why a lesson date cannot be taken: none given, after today, or outside the semester. */
export type LessonDateProblem = 'required' | 'future' | 'outside';

/**
 * The dates a semester half spans, exam session included (fall: 1 September to 31 January,
 * spring: 1 February to 30 June, summer: 1 June to 31 August), as the contract states; null when
 * the year's label does not start with its first calendar year ('2026-2027').
 */
export function semesterSpan(yearName: string | undefined, ws: number): [string, string] | null {
  const start = Number(/^\s*(\d{4})/.exec(yearName ?? '')?.[1]);
  if (!Number.isInteger(start)) return null;
  const next = start + 1;
  if (ws === 1) return [`${start}-09-01`, `${next}-01-31`];
  if (ws === 2) return [`${next}-02-01`, `${next}-06-30`];
  if (ws === 3) return [`${next}-06-01`, `${next}-08-31`];
  return null;
}

/** Checks a YYYY-MM-DD date against today and the semester (when its span is known). */
export function lessonDateProblem(
  date: string,
  today: string,
  span: [string, string] | null,
): LessonDateProblem | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'required';
  if (date > today) return 'future';
  if (span && (date < span[0] || date > span[1])) return 'outside';
  return null;
}
