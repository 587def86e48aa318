import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalDialog } from '../src/components/ui/modal-dialog';

/** A screen with a heading, a date's bin that opens a dialog, and the date itself. */
function Screen({ dateShown }: { dateShown: boolean }) {
  const [asking, setAsking] = useState(false);
  return (
    <main>
      <h1 tabIndex={-1}>Журнал</h1>
      <button type="button">Другая кнопка</button>
      {dateShown ? (
        <button type="button" onClick={() => setAsking(true)}>
          Удалить занятие 19.11
        </button>
      ) : null}
      {asking ? (
        <ModalDialog aria-label="Удалить занятие?" onDismiss={() => setAsking(false)}>
          <button type="button" onClick={() => setAsking(false)}>
            Удалить
          </button>
        </ModalDialog>
      ) : null}
    </main>
  );
}

afterEach(cleanup);

describe('a modal dialog gives the focus back', () => {
  it('to the control that opened it, and to the heading once that control goes a moment later', () => {
    const { rerender } = render(<Screen dateShown />);
    const bin = screen.getByRole('button', { name: 'Удалить занятие 19.11' });
    bin.focus();
    act(() => bin.click());
    act(() => screen.getByRole('button', { name: 'Удалить' }).click());
    expect(document.activeElement).toBe(bin);

    // The answer the deletion waited for arrives: the date and its bin go.
    rerender(<Screen dateShown={false} />);
    return expect
      .poll(() => document.activeElement)
      .toBe(screen.getByRole('heading', { name: 'Журнал' }));
  });

  it('and leaves the focus where the person moved it before the control went', async () => {
    const { rerender } = render(<Screen dateShown />);
    const bin = screen.getByRole('button', { name: 'Удалить занятие 19.11' });
    bin.focus();
    act(() => bin.click());
    act(() => screen.getByRole('button', { name: 'Удалить' }).click());
    const other = screen.getByRole('button', { name: 'Другая кнопка' });
    other.focus();

    rerender(<Screen dateShown={false} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(other);
  });
});
