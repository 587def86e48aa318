import { LmsError } from '@lms/client';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement as h } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findSection } from '../src/app/sections';
import { loginErrorKey } from '../src/features/session/utils/login-error';
import { photoToDataUrl } from '../src/features/session/utils/photo';
import { parsePortalConfig, portalNameIn } from '../src/features/session/utils/portal-config';
import { isPortalRole } from '../src/lib/roles';
import { toShortName } from '../src/features/session/utils/short-name';
import { validateLogin } from '../src/features/session/utils/validate-login';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from '../src/lib/chunk-loading';
import { AttachedFiles, FilePicker } from '../src/components/upload/file-picker';
import { UploadProgressBar } from '../src/components/upload/upload-progress';
import { ConfirmDialog } from '../src/components/ui/confirm-dialog';
import { FailureMessage, useFailureDetail } from '../src/components/ui/failure-message';
import { formatPageTitle } from '../src/lib/page-chrome';
import { offeredId, PLACEHOLDER_ID } from '../src/lib/pickers';
import {
  formatFileSize,
  formatPercent,
  isTooLarge,
  useFileAttachments,
} from '../src/lib/upload-kit';
import { serverMessage, writeFailure } from '../src/lib/write-failure';
import { MAIN_TABS, resolveMobilePanel } from '../src/lib/main-tabs';

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

describe('mobile panel rule', () => {
  it('follows the active tab unless coming back from a chat to #messages', () => {
    const base = { backFromChat: false, hash: '' };
    expect(resolveMobilePanel({ ...base, activeTab: MAIN_TABS.news })).toBe('news');
    expect(resolveMobilePanel({ ...base, activeTab: MAIN_TABS.chat })).toBe('chat');
    expect(resolveMobilePanel({ ...base, activeTab: MAIN_TABS.apps })).toBe('apps');
    expect(
      resolveMobilePanel({ activeTab: MAIN_TABS.apps, backFromChat: true, hash: '#messages' }),
    ).toBe('chat');
    expect(resolveMobilePanel({ activeTab: MAIN_TABS.news, backFromChat: true, hash: '' })).toBe(
      'news',
    );
    expect(
      resolveMobilePanel({ activeTab: MAIN_TABS.news, backFromChat: false, hash: '#messages' }),
    ).toBe('news');
  });
});

describe('page titles', () => {
  it('use the portal name', () => {
    expect(formatPageTitle('Портал', 'Чат')).toBe('Чат · Портал');
    expect(formatPageTitle('Портал')).toBe('Портал');
  });

  it('knows every section by path', () => {
    expect(findSection('/lms')?.key).toBe('news');
    expect(findSection('/lms/umk/')?.key).toBe('umk');
    expect(findSection('/lms/nope')).toBeUndefined();
  });
});

describe('chunk loading', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails a chunk that takes longer than 120 000 ms', async () => {
    vi.useFakeTimers();
    const pending = loadChunk('journal', () => new Promise<never>(() => undefined));
    const outcome = expect(pending).rejects.toThrow('Loading chunk journal failed.');
    vi.advanceTimersByTime(CHUNK_TIMEOUT_MS);
    await outcome;
  });

  it('wraps an import failure and passes a loaded module through', async () => {
    await expect(loadChunk('news', () => Promise.reject(new Error('404')))).rejects.toBeInstanceOf(
      ChunkLoadError,
    );
    await expect(loadChunk('news', async () => ({ ok: true }))).resolves.toEqual({ ok: true });
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

describe('shared kit rules', () => {
  it('keeps a chosen id while it is offered, else falls back to the placeholder -1', () => {
    const items = [{ id: 3 }, { id: 7 }];
    expect(offeredId(items, 7, (item) => item.id)).toBe(7);
    expect(offeredId(items, 5, (item) => item.id)).toBe(PLACEHOLDER_ID);
    expect(PLACEHOLDER_ID).toBe(-1);
  });

  it('checks sizes against maxSizeMb and leaves an unknown limit to the server', () => {
    const oneMb = new Blob([new Uint8Array(1024 * 1024)]);
    expect(isTooLarge(oneMb, 1)).toBe(false);
    expect(isTooLarge(new Blob([new Uint8Array(1024 * 1024 + 1)]), 1)).toBe(true);
    expect(isTooLarge(oneMb, undefined)).toBe(false);
  });

  it('says sizes and progress in the interface language', () => {
    expect(formatFileSize(512, 'en')).toBe('512 byte');
    expect(formatFileSize(48 * 1024, 'en')).toBe('48 kB');
    expect(formatFileSize(2.4 * 1024 * 1024, 'en')).toBe('2.4 MB');
    expect(formatFileSize(2.4 * 1024 * 1024, 'ru')).toMatch(/^2,4\sМБ$/);
    expect(formatPercent(0.5, 'en')).toBe('50%');
  });

  it('names why a write failed, and what the server said', () => {
    expect(writeFailure(new LmsError('CANCEL_ERROR', 'x'))).toBe('cancelled');
    expect(writeFailure(new LmsError('TIMEOUT_ERROR', 'x'))).toBe('timeout');
    expect(writeFailure(new LmsError('NETWORK_ERROR', 'x'))).toBe('connection');
    expect(writeFailure(new LmsError('CLIENT_ERROR', 'x', { status: 413 }))).toBe('tooLarge');
    expect(writeFailure(new LmsError('SERVER_ERROR', 'x', { status: 507 }))).toBe('storageFull');
    expect(writeFailure(new LmsError('CLIENT_ERROR', 'x', { status: 403 }))).toBe('forbidden');
    expect(writeFailure(new LmsError('CLIENT_ERROR', 'x', { status: 404 }))).toBe('notFound');
    expect(writeFailure(new Error('x'))).toBe('other');
    expect(serverMessage(new LmsError('SERVER_ERROR', 'x', { serverError: ' Ошибка ' }))).toBe(
      'Ошибка',
    );
    expect(serverMessage(new LmsError('SERVER_ERROR', 'x'))).toBeUndefined();
  });
});

describe('shared UI kit', () => {
  it('attaches picked files, refuses those over the limit with the screen’s message, and removes one', async () => {
    function Attach() {
      const attachments = useFileAttachments(1);
      return h(
        'form',
        null,
        h(AttachedFiles, {
          files: attachments.files,
          refused: attachments.refused,
          tooLargeMessage: 'Файл больше 1 МБ',
          onRemove: attachments.remove,
        }),
        h(FilePicker, { onPick: attachments.add, maxSizeMb: 1 }),
      );
    }
    render(h(Attach));
    const user = userEvent.setup();
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.mp4');
    await user.upload(screen.getByLabelText('Прикрепить файлы'), [
      new File(['a'], 'Отчёт.pdf'),
      new File(['b'], 'b.txt'),
      big,
    ]);
    expect(screen.getByText('До 1 МБ на файл')).toBeTruthy();
    const refused = screen.getByRole('alert');
    expect(refused.textContent).toContain('Файл больше 1 МБ');
    expect(refused.textContent).toContain('Не прикреплены: big.mp4');
    const list = screen.getByRole('list', { name: 'Прикрепленные файлы' });
    expect(list.querySelector('[data-file-kind="pdf"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Убрать файл Отчёт.pdf' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).getByText('b.txt')).toBeTruthy();
  });

  it('shows upload progress with its percentage and a cancel button beside it', async () => {
    const onCancel = vi.fn();
    render(
      h(UploadProgressBar, {
        progress: { loaded: 50, total: 100, fraction: 0.5 },
        label: 'Отправка файлов',
        onCancel,
      }),
    );
    const bar = screen.getByRole('progressbar', { name: /Отправка файлов/ });
    expect(bar.getAttribute('value')).toBe('0.5');
    expect(bar.closest('div')?.textContent).toContain(formatPercent(0.5, 'ru'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Отменить отправку' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('says what failed, what was kept, and why, in the common words or the screen’s own', () => {
    function Failure({ error }: { error: unknown }) {
      const detail = useFailureDetail()(error, { tooLarge: 'Не больше 5 МБ' });
      return h(FailureMessage, { title: 'Не удалось отправить.', kept: 'files', detail });
    }
    const { rerender } = render(h(Failure, { error: new LmsError('TIMEOUT_ERROR', 'x') }));
    const alert = screen.getByRole('alert');
    expect(screen.getByText('Не удалось отправить. Файлы сохранены.')).toBeTruthy();
    expect(alert.textContent).toContain('Сервер не ответил вовремя.');
    rerender(h(Failure, { error: new LmsError('CLIENT_ERROR', 'x', { status: 413 }) }));
    expect(alert.textContent).toContain('Не больше 5 МБ');
    rerender(h(Failure, { error: new LmsError('CLIENT_ERROR', 'x', { status: 404 }) }));
    expect(alert.textContent).toContain('Этой записи уже нет.');
  });

  it('asks in a modal dialog with cancel focused; Escape cancels unless the action runs', () => {
    const onCancel = vi.fn();
    const props = {
      title: 'Отменить заказ?',
      text: 'Справка не будет подготовлена.',
      confirmLabel: 'Да',
      onConfirm: vi.fn(),
      onCancel,
    };
    const { rerender } = render(h(ConfirmDialog, props));
    const dialog = screen.getByRole('alertdialog', { name: 'Отменить заказ?' });
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Отмена' }));
    const escape = () =>
      act(() => void dialog.dispatchEvent(new Event('cancel', { cancelable: true })));
    escape();
    expect(onCancel).toHaveBeenCalledOnce();
    rerender(h(ConfirmDialog, { ...props, pending: true }));
    escape();
    fireEvent.click(dialog);
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
