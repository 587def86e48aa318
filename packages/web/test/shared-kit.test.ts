// The shared kit (components/ui, components/upload, lib): pickers, uploads, failures, confirmations.
import { LmsError } from '@lms/client';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement as h } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AttachedFiles, FilePicker } from '../src/components/upload/file-picker';
import { UploadProgressBar } from '../src/components/upload/upload-progress';
import { ConfirmDialog } from '../src/components/ui/confirm-dialog';
import { FailureMessage, useFailureDetail } from '../src/components/ui/failure-message';
import { offeredId, PLACEHOLDER_ID } from '../src/lib/ui-state/pickers';
import {
  formatFileSize,
  formatPercent,
  isTooLarge,
  useFileAttachments,
} from '../src/lib/files/upload-kit';
import { serverMessage, writeFailure } from '../src/lib/query/write-failure';

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
    expect(formatFileSize(512, 'en')).toBe('512 bytes');
    expect(formatFileSize(1, 'en')).toBe('1 byte');
    expect(formatFileSize(512, 'ru')).toBe('512 байт');
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
