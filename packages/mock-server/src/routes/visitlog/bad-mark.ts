import { fail, type AppContext } from '../../http.js';

/** The 400 for a mark that is neither "no mark" nor one of the kind's assessments. */
export const badMark = (c: AppContext, at: string) =>
  fail(c, 400, `${at}/id_otsenka: must be -1 or an id_otsenka from getassessments`);
