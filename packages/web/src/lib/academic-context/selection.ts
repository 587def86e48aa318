import type { components } from '@lms/client';
import { batch, signal } from '@preact/signals-react';
import type { Ws } from '../reference-data/current-ws';

/** The open conversation: a contact of the discipline, or the group chat (idid -1). */
export interface ChatPartner {
  idid: number;
  id_type: components['schemas']['Role'];
  fio: string;
}

/** The group chat is the pseudo-contact with id -1 (faculty 1, group -1, id_type 2). */
export const GROUP_CHAT_ID = -1;

/**
 * What the user chose in the academic context; `null` means "not chosen", and the context then
 * falls back to the defaults (the current year and ws, the first semester and group).
 * Choosing a link of the chain clears the links below it, so a later list never keeps a choice
 * that belonged to another parent (choosing a ws resets the discipline).
 */
export const chosenYear = signal<number | null>(null);
export const chosenWs = signal<Ws | null>(null);
export const chosenDiscipline = signal<number | null>(null);
export const chosenSemester = signal<number | null>(null);
export const chosenGroup = signal<number | null>(null);
export const chosenContact = signal<ChatPartner | null>(null);

/** Counts the person's choices, so a screen can tell whether one was made since it opened. */
let choices = 0;
export const choiceCount = (): number => choices;

function clearBelowGroup() {
  chosenContact.value = null;
}

function clearBelowSemester() {
  chosenGroup.value = null;
  clearBelowGroup();
}

function clearBelowDiscipline() {
  chosenSemester.value = null;
  clearBelowSemester();
}

function clearBelowWs() {
  chosenDiscipline.value = null;
  clearBelowDiscipline();
}

export function chooseYear(id: number): void {
  choices += 1;
  batch(() => {
    chosenYear.value = id;
    clearBelowWs();
  });
}

export function chooseWs(ws: Ws): void {
  choices += 1;
  batch(() => {
    chosenWs.value = ws;
    clearBelowWs();
  });
}

export function chooseDiscipline(id: number | null): void {
  choices += 1;
  batch(() => {
    chosenDiscipline.value = id;
    clearBelowDiscipline();
  });
}

export function chooseSemester(id: number): void {
  choices += 1;
  batch(() => {
    chosenSemester.value = id;
    clearBelowSemester();
  });
}

export function chooseGroup(id: number): void {
  choices += 1;
  batch(() => {
    chosenGroup.value = id;
    clearBelowGroup();
  });
}

export function chooseContact(contact: ChatPartner | null): void {
  choices += 1;
  chosenContact.value = contact;
}

/**
 * After the profile or the news loads, the contact list is cleared. The
 * list follows the chosen discipline, so clearing it means no discipline (and no contact) is open.
 */
export function clearContacts(): void {
  chooseDiscipline(null);
}

/** A new session (logout, another user) starts from the defaults again. */
export function resetAcademicSelection(): void {
  batch(() => {
    chosenYear.value = null;
    chosenWs.value = null;
    clearBelowWs();
  });
}
