// The secrets of a recording, gathered from all of it before anything is reported: cookie and
// header values that carry sessions and XSRF secrets, and the values of secret and personal
// fields in request and answer bodies (a password, a login, a person's name and ids). Anything
// equal to one of them is masked wherever it appears in a report.
import type { Exchange } from './har.js';
import { isPersonField, isSecretField, isSecretHeader, Secrets } from './masking.js';

function jsonOf(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Cookies whose value is a secret whatever its length; others from 8 characters on. */
const SECRET_COOKIE = /(token|xsrf|csrf|sess|auth|sid|secret)/i;

function addBody(secrets: Secrets, contentType: string, bytes: Buffer) {
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType.includes('json')) {
    secrets.addFields(jsonOf(bytes));
    return;
  }
  if (mediaType === 'application/x-www-form-urlencoded') {
    for (const [name, value] of new URLSearchParams(bytes.toString('utf8'))) {
      if (isSecretField(name) || isPersonField(name)) secrets.add(value, { words: true });
    }
    return;
  }
  if (mediaType.startsWith('multipart/')) {
    // the text parts of a form: `name="password"\r\n\r\nvalue`
    const text = bytes.toString('latin1');
    for (const match of text.matchAll(/name="([^"]+)"\r?\n(?:[^\r\n]+\r?\n)*\r?\n([^\r\n]*)/g)) {
      const [, name = '', value = ''] = match;
      if (isSecretField(name) || isPersonField(name)) {
        secrets.add(Buffer.from(value, 'latin1').toString('utf8'), { words: true });
      }
    }
  }
}

export function gatherSecrets(exchanges: readonly Exchange[]): Secrets {
  const secrets = new Secrets();
  for (const exchange of exchanges) {
    for (const cookie of [...exchange.requestCookies, ...exchange.answerCookies]) {
      if (SECRET_COOKIE.test(cookie.name) || cookie.value.length >= 8) secrets.add(cookie.value);
    }
    for (const header of [...exchange.requestHeaders, ...exchange.answerHeaders]) {
      const name = header.name.toLowerCase();
      if (name === 'cookie' || name === 'set-cookie') continue;
      if (isSecretHeader(name)) {
        secrets.add(header.value);
        const [, credential] = /^\S+\s+(\S+)$/.exec(header.value) ?? [];
        if (credential) secrets.add(credential);
      }
    }
    for (const [name, value] of exchange.url.searchParams) {
      if (isSecretField(name) || isPersonField(name) || isSecretHeader(name)) {
        secrets.add(value, { words: true });
      }
    }
    const body = exchange.requestBody;
    if (body.kind === 'bytes') addBody(secrets, body.contentType, body.bytes);
    if (body.kind === 'params') {
      for (const param of body.params) {
        if (isSecretField(param.name) || isPersonField(param.name)) {
          secrets.add(param.value, { words: true });
        }
      }
    }
    if (exchange.answerBody.kind === 'bytes') {
      addBody(secrets, exchange.answerContentType ?? '', exchange.answerBody.bytes);
    }
  }
  return secrets;
}
