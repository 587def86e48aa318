import { referenceRead } from '../../../lib/reference-data/keys';
import type { RegYear } from './get-reg-years';

/**
 * POST regfordisciplines/getdefyear: the year registration runs for; the year picker starts on it.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getRegDefYearQueryOptions, useRegDefYear] = referenceRead(
  '/api/regfordisciplines/getdefyear',
  null as RegYear | null,
  (uid: number) => ({ uid }),
);
