// The session feature's pure rules: short names, roles, login validation and errors, photos, the portal's config.
import { LmsError } from '@lms/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginErrorKey } from '../src/features/session/utils/login-error';
import { photoToDataUrl } from '../src/features/session/utils/photo';
import { parsePortalConfig, portalNameIn } from '../src/features/session/utils/portal-config';
import { isPortalRole } from '../src/lib/roles';
import { toShortName } from '../src/features/session/utils/short-name';
import { validateLogin } from '../src/features/session/utils/validate-login';

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
