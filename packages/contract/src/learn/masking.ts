// What a report about recorded traffic may show of it: never a password, a token, a cookie, an
// XSRF value, or a person's name or id. Values are masked by the field that holds them (a
// `password`, a `fio`, an `id_student`) and by what they are (anything equal to a secret seen in
// the recording's headers, cookies or request bodies is masked wherever it appears), and every
// example is shown as its type and shape only (`"<string, 12 chars>"`, `<integer>`).

/** Fields whose values are secrets: never shown, not even their length. */
const SECRET_FIELD =
  /^(password|newpassword|oldpassword|currentpassword|passwd|pass|pwd|token|accesstoken|refreshtoken|cookie|set-cookie|authorization|xsrf|xsrf-token|x-xsrf-token|csrf|csrftoken|x-csrf-token|session|sessionid|secret|apikey|api_key|login|username)$/i;

/** Fields that name or identify a person. */
const PERSON_FIELD =
  /^(fio|s_fio|t_fio|fullname|full_name|firstname|lastname|middlename|surname|patronymic|author|teacher|student|person|email|phone|birthdate|id|uid|iduser|id_user|id_student|id_teacher|id_human|id_humanfrom|id_from|id_to|idid|currentcontactid)$/i;

/** Header names whose values are secrets. */
const SECRET_HEADER = /(cookie|authorization|token|xsrf|csrf|session|secret|api[-_]?key)/i;

export const isSecretField = (name: string) => SECRET_FIELD.test(name);
export const isPersonField = (name: string) => PERSON_FIELD.test(name) || /(^|_)fio$/i.test(name);
export const isSecretHeader = (name: string) => SECRET_HEADER.test(name);

/** The secrets of one or more recordings, gathered before anything is reported. */
export class Secrets {
  private readonly values = new Set<string>();

  /** A secret value (its whole text; names also word by word). */
  add(value: unknown, { words = false } = {}): void {
    // Short numbers (a year's id, a role) are everywhere: a person's id is masked by its field.
    if (typeof value === 'number' || typeof value === 'bigint') {
      if (String(value).length >= 4) this.values.add(String(value));
      return;
    }
    if (typeof value !== 'string') return;
    const text = value.trim();
    if (text.length < 2 || /^\d{1,3}$/.test(text)) return;
    this.values.add(text);
    let decoded = text;
    try {
      decoded = decodeURIComponent(text);
    } catch {
      // not percent-encoded: the text itself is kept
    }
    this.values.add(decoded);
    if (!words) return;
    // "Асанов Б.Э.|Асанов Бакыт Эркинович": each name and each word of it
    for (const part of decoded.split(/[|;,]/)) {
      this.values.add(part.trim());
      for (const word of part.split(/\s+/)) if (word.length >= 3) this.values.add(word);
    }
  }

  /** The secrets a JSON value or form carries, by the names of its fields. */
  addFields(value: unknown, depth = 0): void {
    if (depth > 12 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) this.addFields(item, depth + 1);
      return;
    }
    for (const [name, field] of Object.entries(value as Record<string, unknown>)) {
      if (isSecretField(name) || isPersonField(name)) {
        if (typeof field === 'string' || typeof field === 'number') {
          this.add(field, { words: isPersonField(name) });
        }
      }
      this.addFields(field, depth + 1);
    }
  }

  has(value: unknown): boolean {
    if (typeof value === 'number') return this.values.has(String(value));
    if (typeof value !== 'string') return false;
    const text = value.trim();
    if (this.values.has(text)) return true;
    try {
      return this.values.has(decodeURIComponent(text));
    } catch {
      return false;
    }
  }

  /** Whether a text contains any secret of 4 characters or more (a path, a key). */
  inside(text: string): boolean {
    for (const secret of this.values) {
      if (secret.length >= 4 && text.includes(secret)) return true;
    }
    return false;
  }
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NUMERIC = /^-?\d+(\.\d+)?$/;

/** A property name safe to show: a word of the API's own, not a value used as a key. */
export function isNameLike(key: string, secrets: Secrets): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$-]{0,63}$/.test(key) && !secrets.has(key);
}

/** A key as it may be shown: itself when it is name-like, else its shape. */
export function showKey(key: string, secrets: Secrets): string {
  if (/^\d+$/.test(key)) return '*';
  const length = [...key].length;
  return isNameLike(key, secrets) ? key : `<key, ${length} char${length === 1 ? '' : 's'}>`;
}

/** The JSON type of a value as the contract names types ('integer' for whole numbers). */
export function jsonType(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/**
 * One value as an example a report may show: its type and shape, never its text. `field` is the
 * name of the field holding it; a secret field shows no length either.
 */
export function exampleOf(value: unknown, field: string, secrets: Secrets, depth = 0): string {
  const masked = isSecretField(field) || secrets.has(value);
  if (value === undefined) return '<missing>';
  if (value === null) return 'null';
  if (typeof value === 'boolean') return '<boolean>';
  if (typeof value === 'number') {
    return masked || isPersonField(field)
      ? '<masked number>'
      : Number.isInteger(value)
        ? '<integer>'
        : '<number>';
  }
  if (typeof value === 'string') {
    if (masked) return '"<masked string>"';
    const hints = [
      NUMERIC.test(value) ? 'digits' : '',
      DATE_TIME.test(value) ? 'date-time' : DATE.test(value) ? 'date' : '',
    ].filter(Boolean);
    const length = [...value].length;
    const chars = `${length} char${length === 1 ? '' : 's'}`;
    return `"<string, ${chars}${hints.length ? `, ${hints.join(', ')}` : ''}>"`;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const first = depth > 1 ? '…' : exampleOf(value[0], field, secrets, depth + 1);
    return `[${value.length} item${value.length === 1 ? '' : 's'}, first ${first}]`;
  }
  if (typeof value === 'object') {
    const keys = Object.keys(value).map((key) => showKey(key, secrets));
    const shown = keys.slice(0, 8).join(', ') + (keys.length > 8 ? ', …' : '');
    return `{${shown}}`;
  }
  return `<${typeof value}>`;
}

/**
 * A URL path as a report may show it: segments that are numbers, long opaque tokens or secrets
 * are masked. The query string is never shown.
 */
export function showPath(path: string, secrets: Secrets): string {
  return path
    .split('/')
    .map((segment) => {
      if (segment === '') return segment;
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // a malformed escape is shown masked below if it is opaque
      }
      if (/^\d+$/.test(decoded)) return '{n}';
      if (secrets.has(decoded) || secrets.inside(decoded)) return '{masked}';
      if (/^[A-Za-z0-9_-]{20,}$/.test(decoded) && /\d/.test(decoded)) return '{masked}';
      if (!/^[\w.~-]+$/.test(decoded)) return '{masked}';
      return segment;
    })
    .join('/');
}

/** A JSON pointer into a value, with array indices and keys a report may not show generalised. */
export function showPointer(segments: readonly string[], secrets: Secrets): string {
  if (segments.length === 0) return '/';
  return segments.map((segment) => `/${showKey(segment, secrets)}`).join('');
}
