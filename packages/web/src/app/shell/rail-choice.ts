import { signal } from '@preact/signals-react';
import { readStorage, writeStorage } from '../../lib/offline/storage';
import type { Section } from '../sections';

const KEY = 'lms-rail';

function stored(): Record<string, boolean> {
  try {
    const value: unknown = JSON.parse(readStorage(KEY) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Record<string, boolean>) : {};
  } catch {
    return {};
  }
}

/** What the person chose per section: the rail open (true) or folded (false). */
const choices = signal<Readonly<Record<string, boolean>>>(stored());

/**
 * Whether the desktop's discipline and contact columns are open beside a section: the person's
 * own choice for it when they made one (remembered on this device), else the section's default.
 */
export function railIsOpen(section: Section | undefined): boolean {
  const key = section?.key ?? 'other';
  return choices.value[key] ?? section?.rail === 'open';
}

export function chooseRail(section: Section | undefined, open: boolean): void {
  choices.value = { ...choices.value, [section?.key ?? 'other']: open };
  writeStorage(KEY, JSON.stringify(choices.value));
}
