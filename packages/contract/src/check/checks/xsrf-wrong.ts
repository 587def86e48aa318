// xsrf-wrong: a write with a wrong X-XSRF-TOKEN (the session's own, one character longer) answers
// 403, and nothing changed. Sent by each write scenario before its write.
import { xsrfRefusal } from '../xsrf-refusal.js';

export const xsrfWrong = xsrfRefusal({
  name: 'xsrf-wrong',
  label: 'xsrf≠',
  meaning: 'a write with a wrong X-XSRF-TOKEN answers 403, and nothing changed',
  xsrf: 'wrong',
});
