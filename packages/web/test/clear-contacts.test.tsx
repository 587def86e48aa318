import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  chooseDiscipline,
  chosenDiscipline,
  resetAcademicSelection,
} from '../src/lib/academic-context/selection';
import { useClearContactsOnLoad } from '../src/lib/academic-context/use-clear-contacts';
import { MAIN_TABS, returnFromChat, selectMainTab } from '../src/lib/ui-state/main-tabs';
import { isMobile } from '../src/lib/ui-state/viewport';

/** The news (or the profile) opening: its data not yet there, then arrived. */
function openScreen() {
  const screen = renderHook(({ loaded }) => useClearContactsOnLoad(loaded), {
    initialProps: { loaded: false },
  });
  return { arrive: () => screen.rerender({ loaded: true }) };
}

describe('the contact list cleared when the news or the profile loads', () => {
  afterEach(() => {
    isMobile.value = false;
    selectMainTab(MAIN_TABS.apps);
    resetAcademicSelection();
  });

  it('clears the discipline chosen before the screen opened', () => {
    chooseDiscipline(3001);
    openScreen().arrive();
    expect(chosenDiscipline.value).toBeNull();
  });

  it('keeps a discipline chosen while the data was on its way', () => {
    const screen = openScreen();
    chooseDiscipline(3001);
    screen.arrive();
    expect(chosenDiscipline.value).toBe(3001);
  });

  it('keeps the contacts a conversation returns to, though the news loads behind them', () => {
    chooseDiscipline(3001);
    returnFromChat();
    openScreen().arrive();
    expect(chosenDiscipline.value).toBe(3001);

    // Opening the news afterwards is a visit of its own.
    selectMainTab(MAIN_TABS.news);
    openScreen().arrive();
    expect(chosenDiscipline.value).toBeNull();
  });

  it('keeps, on a phone showing its chat tab, the discipline the address brought back, though the news loads late behind it', () => {
    isMobile.value = true;
    selectMainTab(MAIN_TABS.chat);
    // A reload: the address brings the discipline back before the hidden news opens.
    chosenDiscipline.value = 3001;
    openScreen().arrive();
    expect(chosenDiscipline.value).toBe(3001);

    // The same news on a desktop, or once the phone shows the news tab, clears it.
    isMobile.value = false;
    openScreen().arrive();
    expect(chosenDiscipline.value).toBeNull();
  });
});
