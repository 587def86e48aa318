import type { AcademicContext } from '../../../lib/academic-context/use-academic-context';
import { chosenOrFirst } from '../../../lib/ui-state/pickers';
import type { JournalClass } from '../utils/journal-class';
import { useLessonKinds } from './get-lesson-kinds';
import type { KindsRequest } from './journal-keys';

/**
 * The class of the journal: the academic context's discipline, semester and group or stream, the
 * teacher (the signed-in one, or the one a student chose), then the kind of lesson (the chosen
 * one while offered, else the first). `kinds` is null until the links above it are known; `cls`
 * is null until a kind is.
 */
export function useJournalClass(
  academic: Pick<AcademicContext, 'discipline' | 'semester' | 'group'>,
  id_teacher: number | null,
  chosenKind: number | null,
) {
  const { discipline, semester, group } = academic;
  const request: KindsRequest | null =
    id_teacher !== null && discipline && semester && group
      ? {
          id_teacher,
          id_discipline: discipline.id_discipline,
          id_groupOrPorok: group.id_group,
          isPotok: group.isPotok ?? false,
          id_semesterOrWs: semester.id_semester,
        }
      : null;
  const kinds = useLessonKinds(request);
  const kind = chosenOrFirst(kinds.data, chosenKind, (item) => item.id_vid_zaniatiy);
  const cls: JournalClass | null =
    request && discipline && kind
      ? { ...request, credits: discipline.kredits, id_vid_zaniatiy: kind.id_vid_zaniatiy }
      : null;
  return { kinds: request ? kinds : null, kind, cls };
}
