import { getBody, okFor, type AppContext } from '../../http.js';
import { currentYear, toAcademicYear } from '../../world/core/calendar.js';

/** The current academic year, the one the screen opens on. */
export function regfordisciplinesGetDefYear(c: AppContext) {
  getBody<'regfordisciplinesGetDefYear'>(c);
  return okFor<'regfordisciplinesGetDefYear'>(c, toAcademicYear(currentYear()));
}
