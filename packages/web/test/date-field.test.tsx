import { changeLanguage } from '@lms/i18n';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateField } from '../src/components/ui/date-field';

/** The field as a screen holds it: the date it was given, and every date it reported. */
function LessonDate({ initial, reported }: { initial: string; reported: string[] }) {
  const [date, setDate] = useState(initial);
  return (
    <>
      <DateField
        label="Дата занятия"
        value={date}
        max="2026-11-29"
        onChange={(next) => {
          reported.push(next);
          setDate(next);
        }}
      />
      <button type="button">Сохранить перекличку</button>
    </>
  );
}

function renderField(initial = '2026-11-29') {
  const reported: string[] = [];
  const { unmount } = render(<LessonDate initial={initial} reported={reported} />);
  const field = screen.getByRole('textbox', { name: 'Дата занятия' }) as HTMLInputElement;
  const calendar = document.querySelector<HTMLInputElement>('input[type="date"]')!;
  return { field, calendar, reported, unmount, person: userEvent.setup() };
}

describe('a date field', () => {
  it('writes the date DD.MM.YYYY in every language, whatever the browser’s own', async () => {
    expect(navigator.language).toBe('en-US');
    for (const language of ['ru', 'kg', 'en'] as const) {
      await act(() => changeLanguage(language));
      const { field, unmount } = renderField();
      expect(field.value).toBe('29.11.2026');
      unmount();
    }
    await act(() => changeLanguage('ru'));
  });

  it('takes a date typed day first, and reports no date while it is not whole', async () => {
    const { field, reported, person } = renderField();
    await person.clear(field);
    await person.type(field, '20.11');
    expect(reported.at(-1)).toBe('');
    await person.type(field, '.2026');
    expect(reported.at(-1)).toBe('2026-11-20');
    expect(field.value).toBe('20.11.2026');

    // A date typed loosely reads as the portal writes it once the person moves on.
    await person.clear(field);
    await person.type(field, '1.2.2026');
    expect(reported.at(-1)).toBe('2026-02-01');
    expect(field.value).toBe('1.2.2026');
    await person.tab();
    expect(field.value).toBe('01.02.2026');

    // Not a date of the calendar: nothing is taken, and what was typed stays to be corrected.
    await person.clear(field);
    await person.type(field, '31.02.2026');
    expect(reported.at(-1)).toBe('');
    await person.tab();
    expect(field.value).toBe('31.02.2026');
  });

  it('is named, says its format, and leaves the browser’s date input out of the Tab order and the screen reader', async () => {
    const { field, calendar, person } = renderField();
    expect(field.getAttribute('placeholder')).toBe('ДД.ММ.ГГГГ');
    expect(screen.getByRole('textbox', { description: 'Дата в формате ДД.ММ.ГГГГ' })).toBe(field);
    expect(calendar.tabIndex).toBe(-1);
    expect(calendar.getAttribute('aria-hidden')).toBe('true');
    expect(calendar.max).toBe('2026-11-29');

    field.focus();
    await person.tab();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Выбрать дату в календаре' }),
    );
    await person.tab();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Сохранить перекличку' }),
    );
  });

  it('opens the browser’s calendar from its button, and writes the date picked there DD.MM.YYYY', async () => {
    const { field, calendar, reported, person } = renderField();
    const showPicker = vi.fn();
    calendar.showPicker = showPicker;
    await person.click(screen.getByRole('button', { name: 'Выбрать дату в календаре' }));
    expect(showPicker).toHaveBeenCalledOnce();

    await person.type(field, 'x');
    // The calendar's choice replaces whatever was being typed.
    act(() => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(calendar, '2026-11-03');
      calendar.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(reported.at(-1)).toBe('2026-11-03');
    expect(field.value).toBe('03.11.2026');
  });
});
