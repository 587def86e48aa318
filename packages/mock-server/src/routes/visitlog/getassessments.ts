import { getBody, okFor, type AppContext } from '../../http.js';
import { lessonKinds } from '../../world/core/lesson-kinds.js';
import { assessments } from '../../world/visitlog/visitlog.js';

/** The mark options of a kind of lesson; none for an unknown kind. */
export function visitlogGetAssessments(c: AppContext) {
  const { id_vid_zaniatiy } = getBody<'visitlogGetAssessments'>(c);
  const known = lessonKinds.some((v) => v.id_vid_zaniatiy === id_vid_zaniatiy);
  return okFor<'visitlogGetAssessments'>(c, known ? assessments : []);
}
