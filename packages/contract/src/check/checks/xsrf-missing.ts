// xsrf-missing: a write without the X-XSRF-TOKEN header answers 403, and a read afterwards shows
// nothing changed. Sent by each write scenario before its write.
import { xsrfRefusal } from '../xsrf-refusal.js';

export const xsrfMissing = xsrfRefusal({
  name: 'xsrf-missing',
  label: 'xsrf∅',
  meaning: 'a write without X-XSRF-TOKEN answers 403, and a read afterwards shows nothing changed',
  xsrf: 'missing',
});
