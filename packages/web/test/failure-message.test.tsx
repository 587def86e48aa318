import { LmsError, type Problem } from '@lms/client';
import { changeLanguage } from '@lms/i18n';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../src/components/ui/confirm-dialog';
import {
  FailureDetails,
  FailureMessage,
  useFailureDetail,
  type FailureDetailTexts,
} from '../src/components/ui/failure-message';
import { QueryFailed, QueryState } from '../src/components/ui/query-state';
import { createQueryClient, QUICK_RETRY_MS } from '../src/lib/query/query-client';
import { FIRST_RETRY_MS } from '../src/lib/query/background-retry';

const SERVER_TEXT = 'Internal server error (X-Mock-Scenario: server-error)';

const failure = (problem: Problem, status?: number, serverError: unknown = SERVER_TEXT) =>
  new LmsError(problem, 'x', { status, serverError });

/** The disclosure under a failure's sentence, found by its summary. */
function detailsOf(container: HTMLElement, summary = 'Подробнее'): HTMLDetailsElement {
  const details = within(container).getByText(summary).closest('details');
  if (!details) throw new Error('No details disclosure');
  return details;
}

function Failure({ error, texts }: { error: unknown; texts?: FailureDetailTexts }) {
  const detail = useFailureDetail()(error, texts);
  return <FailureMessage title="Не удалось отправить." kept="text" detail={detail} error={error} />;
}

describe('a failure said in the person’s language', () => {
  afterEach(async () => {
    await changeLanguage('ru');
  });

  it.each([
    ['TIMEOUT_ERROR', undefined, 'Сервер не ответил вовремя.'],
    ['CONNECTION_ERROR', undefined, 'Нет связи с сервером. Проверьте подключение.'],
    ['NETWORK_ERROR', undefined, 'Нет связи с сервером. Проверьте подключение.'],
    ['SERVER_ERROR', 500, 'Сервер временно не может выполнить запрос. Попробуйте позже.'],
    ['SERVER_ERROR', 503, 'Сервер временно не может выполнить запрос. Попробуйте позже.'],
    ['CLIENT_ERROR', 429, 'Сервер временно не может выполнить запрос. Попробуйте позже.'],
    ['CLIENT_ERROR', 400, 'Сервер отклонил запрос.'],
    ['OK', 200, 'Сервер отклонил запрос.'],
    ['CLIENT_ERROR', 401, 'Недостаточно прав для этого действия.'],
    ['CLIENT_ERROR', 403, 'Недостаточно прав для этого действия.'],
    ['CLIENT_ERROR', 404, 'Этой записи уже нет.'],
    ['CLIENT_ERROR', 413, 'Файл слишком большой для сервера.'],
    ['SERVER_ERROR', 507, 'На сервере закончилось место для файлов. Попробуйте позже.'],
  ] as const)('%s %s: “%s”, the server’s text only behind Подробнее', (problem, status, text) => {
    render(<Failure error={failure(problem, status)} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Не удалось отправить. Текст сохранён.')).toBeTruthy();
    expect(within(alert).getByText(text)).toBeTruthy();
    const details = detailsOf(alert);
    expect(details.open).toBe(false);
    expect(details.textContent).toBe(`Подробнее${SERVER_TEXT}`);
    // The server's words are nowhere but in the disclosure.
    const outside = [...alert.querySelectorAll('p')].filter((p) => !details.contains(p));
    expect(outside.map((p) => p.textContent).join(' ')).not.toContain('Internal server error');
    expect(alert.textContent).not.toContain('Ответ сервера');
  });

  it('keeps a screen’s own words for a 413 and a 404', () => {
    const texts = {
      tooLarge: 'Размер файла не должен превышать 1 МБ',
      notFound: 'Новость удалена.',
    };
    const { rerender } = render(<Failure error={failure('CLIENT_ERROR', 413)} texts={texts} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Размер файла не должен превышать 1 МБ')).toBeTruthy();
    rerender(<Failure error={failure('CLIENT_ERROR', 404)} texts={texts} />);
    expect(within(alert).getByText('Новость удалена.')).toBeTruthy();
  });

  it('has no disclosure when the server sent no words, and no sentence for a stray error', () => {
    const { rerender } = render(<Failure error={new LmsError('TIMEOUT_ERROR', 'x')} />);
    expect(screen.getByRole('alert').querySelector('details')).toBeNull();
    rerender(<Failure error={new LmsError('SERVER_ERROR', 'x', { serverError: '   ' })} />);
    expect(screen.getByRole('alert').querySelector('details')).toBeNull();
    rerender(<Failure error={new Error('bug')} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Не удалось отправить. Текст сохранён.');
  });

  it('words the sentence from the error when the screen gives none', () => {
    render(<FailureMessage title="Не удалось загрузить ещё." error={failure('TIMEOUT_ERROR')} />);
    expect(within(screen.getByRole('alert')).getByText('Сервер не ответил вовремя.')).toBeTruthy();
  });

  it('says it in English and Kyrgyz too', async () => {
    await changeLanguage('en');
    const { unmount } = render(<Failure error={failure('SERVER_ERROR', 500)} />);
    let alert = screen.getByRole('alert');
    expect(
      within(alert).getByText('The server cannot handle the request right now. Try again later.'),
    ).toBeTruthy();
    expect(detailsOf(alert, 'Details').textContent).toContain(SERVER_TEXT);
    unmount();

    await changeLanguage('kg');
    render(<Failure error={failure('CLIENT_ERROR', 400)} />);
    alert = screen.getByRole('alert');
    expect(within(alert).getByText('Сервер сурамды четке какты.')).toBeTruthy();
    expect(detailsOf(alert, 'Кененирээк').textContent).toContain(SERVER_TEXT);
  });

  it('opens the details from the keyboard: a native summary', async () => {
    render(<FailureDetails error={failure('SERVER_ERROR', 500)} />);
    const summary = screen.getByText('Подробнее');
    expect(summary.tagName).toBe('SUMMARY');
    expect(summary.parentElement?.tagName).toBe('DETAILS');
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(summary);
  });
});

describe('a failed list', () => {
  it('names what failed, why, the server’s details, and offers Повторить', async () => {
    const onRetry = vi.fn();
    render(
      <QueryFailed
        text="Не удалось загрузить новости"
        error={failure('SERVER_ERROR', 500)}
        onRetry={onRetry}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Не удалось загрузить новости')).toBeTruthy();
    expect(
      within(alert).getByText('Сервер временно не может выполнить запрос. Попробуйте позже.'),
    ).toBeTruthy();
    expect(detailsOf(alert).textContent).toContain(SERVER_TEXT);
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('stays as it was without an error', () => {
    render(<QueryFailed />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Не удалось загрузить данные');
  });
});

describe('a list whose server fails, on the portal’s query client', () => {
  let client: QueryClient;

  afterEach(() => {
    client.clear();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  function List({ queryFn }: { queryFn: () => Promise<string> }) {
    const query = useQuery({ queryKey: ['list'], queryFn });
    return (
      <QueryState query={query} failedText="Не удалось загрузить список">
        {(data) => <p>{data}</p>}
      </QueryState>
    );
  }

  const after = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  it('keeps the failed state while it asks again by itself, then shows the data without a click', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    client = createQueryClient();
    const down = failure('SERVER_ERROR', 500);
    const answers: (() => Promise<string>)[] = [
      () => Promise.reject(down),
      () => Promise.reject(down),
      // The background retry: the server takes 5 s, then answers.
      () => new Promise((resolve) => setTimeout(() => resolve('Список'), 5_000)),
    ];
    const queryFn = vi.fn(() => answers[queryFn.mock.calls.length - 1]!());
    render(
      <QueryClientProvider client={client}>
        <List queryFn={queryFn} />
      </QueryClientProvider>,
    );
    await after(QUICK_RETRY_MS + 10);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Не удалось загрузить список')).toBeTruthy();

    await after(FIRST_RETRY_MS + 10);
    expect(queryFn).toHaveBeenCalledTimes(3);
    // Asking again: the same failed state (the same element), not 'Загрузка...'.
    expect(screen.getByRole('alert')).toBe(alert);
    expect(
      within(alert).getByText('Сервер временно не может выполнить запрос. Попробуйте позже.'),
    ).toBeTruthy();
    expect(screen.queryByText('Загрузка...')).toBeNull();

    // The answer, then TanStack Query's next batch of notifications.
    await after(5_000 + 10);
    expect(screen.getByText('Список')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows loading after Повторить, as the person asked', async () => {
    client = createQueryClient();
    let answer: (value: string) => void = () => undefined;
    const queryFn = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(failure('CLIENT_ERROR', 400))
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    render(
      <QueryClientProvider client={client}>
        <List queryFn={queryFn} />
      </QueryClientProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Сервер отклонил запрос.')).toBeTruthy();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(screen.getByText('Загрузка...')).toBeTruthy();
    act(() => answer('Список'));
    expect(await screen.findByText('Список')).toBeTruthy();
  });
});

describe('a confirmation whose action failed', () => {
  it('says why in words and keeps the server’s text behind Подробнее', () => {
    const error = failure('SERVER_ERROR', 500);
    function Dialog() {
      const detail = useFailureDetail()(error);
      return (
        <ConfirmDialog
          title="Удалить новость?"
          text="Новость исчезнет из ленты."
          confirmLabel="Удалить"
          error={{ title: 'Не удалось удалить новость.', detail, error }}
          onConfirm={() => undefined}
          onCancel={() => undefined}
        />
      );
    }
    render(<Dialog />);
    const dialog = screen.getByRole('alertdialog', { name: 'Удалить новость?' });
    const alert = within(dialog).getByRole('alert');
    expect(
      within(alert).getByText('Сервер временно не может выполнить запрос. Попробуйте позже.'),
    ).toBeTruthy();
    expect(detailsOf(alert).textContent).toContain(SERVER_TEXT);
  });
});
