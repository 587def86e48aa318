// The session feature's pure rules: short names, roles, login validation and errors, photos, the portal's config.
import { LmsError } from '@lms/client';
import { changeLanguage, i18n } from '@lms/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authorize } from '../src/features/session/api/authorize';
import {
  loginErrorKey,
  loginErrorValues,
  rememberRetryAfter,
} from '../src/features/session/utils/login-error';
import { photoToDataUrl } from '../src/features/session/utils/photo';
import { parsePortalConfig, portalNameIn } from '../src/features/session/utils/portal-config';
import { isPortalRole } from '../src/lib/session/roles';
import { toShortName } from '../src/features/session/utils/short-name';
import { validateLogin } from '../src/features/session/utils/validate-login';
import { createMockBackend } from './support/mock-backend';

describe('short name', () => {
  it('keeps the surname and turns the rest into initials', () => {
    expect(toShortName('Асанов Бакыт Эркинович')).toBe('Асанов Б.Э.');
    expect(toShortName('  Токтогулова   Айпери ')).toBe('Токтогулова А.');
    expect(toShortName('Mononym')).toBe('Mononym');
    expect(toShortName('')).toBe('');
  });
});

describe('roles', () => {
  it('lets in teachers (1) and students (2) only', () => {
    expect([0, 1, 2, 3].map(isPortalRole)).toEqual([false, true, true, false]);
  });
});

describe('login validation', () => {
  it('requires both fields and a password of at least 3 characters', () => {
    expect(validateLogin({ login: ' ', password: '' })).toEqual({
      login: 'loginRequired',
      password: 'passwordRequired',
    });
    expect(validateLogin({ login: 'a', password: '12' })).toEqual({ password: 'passwordTooShort' });
    expect(validateLogin({ login: 'a', password: '123' })).toEqual({});
  });
});

describe('login error texts', () => {
  it('classes each failure as the HTTP layer does', () => {
    const rejected = new LmsError('CLIENT_ERROR', 'Invalid login or password', { status: 401 });
    expect(loginErrorKey({ error: rejected, tokenPresent: false })).toBe('invalidCredentials');
    expect(loginErrorKey({ tokenPresent: true })).toBe('enterCredentials');
    expect(
      loginErrorKey({ error: new LmsError('CONNECTION_ERROR', 'x'), tokenPresent: false }),
    ).toBe('serverUnavailable');
  });

  it('a server holding back repeated attempts (429) asks to wait, whatever the password', () => {
    const throttled = new LmsError('CLIENT_ERROR', 'Too many attempts', { status: 429 });
    expect(loginErrorKey({ error: throttled, tokenPresent: false })).toBe('tooManyAttempts');
    expect(loginErrorValues(throttled)).toEqual({});
  });

  it('says how long to wait when the 429 told it (Retry-After): seconds, then minutes', () => {
    const after = (retryAfter: string | null) => {
      const error = new LmsError('CLIENT_ERROR', 'Too many attempts', { status: 429 });
      rememberRetryAfter(error, retryAfter, Date.parse('2026-11-20T03:00:00Z'));
      return [loginErrorKey({ error, tokenPresent: false }), loginErrorValues(error)];
    };
    expect(after('15')).toEqual(['tooManyAttemptsSeconds', { seconds: 15 }]);
    expect(after('59')).toEqual(['tooManyAttemptsSeconds', { seconds: 59 }]);
    expect(after('60')).toEqual(['tooManyAttemptsMinutes', { minutes: 1 }]);
    expect(after('900')).toEqual(['tooManyAttemptsMinutes', { minutes: 15 }]);
    expect(after('Fri, 20 Nov 2026 03:02:30 GMT')).toEqual([
      'tooManyAttemptsMinutes',
      { minutes: 3 },
    ]);
    // nothing usable: "later", without a number
    for (const header of [null, '', 'soon', '0', '-5', 'Fri, 20 Nov 2026 02:00:00 GMT']) {
      expect(after(header), String(header)).toEqual(['tooManyAttempts', {}]);
    }
    // only a 429 waits
    const refused = new LmsError('CLIENT_ERROR', 'Invalid login or password', { status: 401 });
    rememberRetryAfter(refused, '15');
    expect(loginErrorValues(refused)).toEqual({});
  });

  it('reads the mock server’s Retry-After on a held-back login and says it in each language', async () => {
    const backend = createMockBackend();
    const attempt = (password: string) =>
      authorize(backend.client, { login: 'teacher', password }).catch((error: unknown) => error);
    for (let i = 0; i < 5; i++) {
      expect(loginErrorKey({ error: await attempt('wrong-password'), tokenPresent: false })).toBe(
        'invalidCredentials',
      );
    }
    const held = await attempt('Teacher1');
    expect(held).toBeInstanceOf(LmsError);
    expect((held as LmsError).status).toBe(429);
    expect(loginErrorKey({ error: held, tokenPresent: false })).toBe('tooManyAttemptsSeconds');
    const values = loginErrorValues(held);
    expect(values).toEqual({ seconds: expect.any(Number) as number });
    const seconds = (values as { seconds: number }).seconds;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15);
    const texts: string[] = [];
    for (const language of ['ru', 'kg', 'en'] as const) {
      await changeLanguage(language);
      texts.push(i18n.t('session:errors.tooManyAttemptsSeconds', values));
    }
    await changeLanguage('ru');
    expect(texts).toEqual([
      `Слишком много попыток входа. Попробуйте снова через ${seconds} с.`,
      `Кирүү аракеттери өтө көп болду. ${seconds} секунддан кийин кайра аракет кылыңыз.`,
      `Too many sign-in attempts. Try again in ${seconds} s.`,
    ]);
  });
});

describe('photo', () => {
  it('turns the JPEG bytes into a data URL', () => {
    expect(photoToDataUrl({ type: 'Buffer', data: [255, 216, 255, 217] })).toBe(
      'data:image/jpeg;base64,/9j/2Q==',
    );
    expect(photoToDataUrl(null)).toBeNull();
    expect(photoToDataUrl({ type: 'Buffer', data: [] })).toBeNull();
  });
});

describe('portal config', () => {
  afterEach(() => vi.restoreAllMocks());

  it('keeps the valid fields of /config.json', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(
      parsePortalConfig({
        name: ' Портал КНУ ',
        names: { kg: 'КУУ порталы', en: 'KNU portal' },
        maxSizeMb: 10,
        apiBase: '/api',
        absenceWarningPercent: 30,
      }),
    ).toEqual({
      name: 'Портал КНУ',
      names: { kg: 'КУУ порталы', en: 'KNU portal' },
      maxSizeMb: 10,
      apiBase: '/api',
      absenceWarningPercent: 30,
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('names the portal in the interface language, then by `name`, then by the translation', () => {
    const config = parsePortalConfig({ name: 'Портал КНУ', names: { en: 'KNU portal' } });
    expect(portalNameIn('en', config, 'University portal')).toBe('KNU portal');
    expect(portalNameIn('kg', config, 'Университеттик портал')).toBe('Портал КНУ');
    expect(portalNameIn('ru', config, 'Университетский портал')).toBe('Портал КНУ');
    expect(portalNameIn('en', undefined, 'University portal')).toBe('University portal');
    expect(portalNameIn('en', parsePortalConfig({}), 'University portal')).toBe(
      'University portal',
    );
  });

  it('leaves out what is malformed, and says so, instead of failing the portal', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parsePortalConfig({ name: { ru: 'Портал' }, maxSizeMb: '10', apiBase: '/api' })).toEqual(
      { apiBase: '/api' },
    );
    expect(warn).toHaveBeenCalledWith('/config.json: ignored invalid', 'name, maxSizeMb');
    expect(parsePortalConfig({ name: '  ', maxSizeMb: -1 })).toEqual({});
    // a share of classes: 0 to 100 percent
    expect(parsePortalConfig({ absenceWarningPercent: 120 })).toEqual({});
    expect(parsePortalConfig({ absenceWarningPercent: '25' })).toEqual({});
    expect(parsePortalConfig({ absenceWarningPercent: 0 })).toEqual({ absenceWarningPercent: 0 });
    // Only the portal's languages, with a name, are kept.
    expect(parsePortalConfig({ names: { en: 'KNU', de: 'KNU', kg: '' } })).toEqual({
      names: { en: 'KNU' },
    });
    expect(parsePortalConfig({ names: 'KNU' })).toEqual({});
    expect(warn).toHaveBeenLastCalledWith('/config.json: ignored invalid', 'names');
    expect(parsePortalConfig(null)).toEqual({});
    expect(parsePortalConfig(['Портал'])).toEqual({});
    expect(warn).toHaveBeenCalledWith('/config.json: ignored invalid', 'content');
  });
});
