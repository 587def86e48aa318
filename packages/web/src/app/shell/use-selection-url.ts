import { batch, effect } from '@preact/signals-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { AcademicContext } from '../../lib/academic-context/use-academic-context';
import {
  chooseContact,
  chosenContact,
  chosenDiscipline,
  chosenGroup,
  chosenSemester,
  chosenWs,
  chosenYear,
  GROUP_CHAT_ID,
  type ChatPartner,
} from '../../lib/academic-context/selection';
import { useApiClient } from '../../lib/query/api-client';
import type { Ws } from '../../lib/reference-data/current-ws';
import { getContactsQueryOptions } from '../../lib/reference-data/contacts';
import { ROLE_STUDENT, ROLE_TEACHER } from '../../lib/session/roles';

/** What of the academic context an address carries (a conversation without its name). */
interface UrlSelection {
  year: number | null;
  ws: Ws | null;
  discipline: number | null;
  semester: number | null;
  group: number | null;
  contact: Pick<ChatPartner, 'idid' | 'id_type'> | null;
}

const NAMES = ['year', 'ws', 'discipline', 'semester', 'group', 'contact'] as const;

const id = (value: string | null): number | null =>
  value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null;
const ws = (value: string | null): Ws | null =>
  value === '1' || value === '2' || value === '3' ? (Number(value) as Ws) : null;
function contact(value: string | null): UrlSelection['contact'] {
  const match = value === null ? null : /^(-1|\d{1,9}):([12])$/.exec(value);
  if (!match) return null;
  return {
    idid: Number(match[1]),
    id_type: Number(match[2]) === ROLE_TEACHER ? ROLE_TEACHER : ROLE_STUDENT,
  };
}

/** The selection an address names, or null when it names none (a plain link to a section). */
export function selectionFromSearch(search: string): UrlSelection | null {
  const params = new URLSearchParams(search);
  if (!NAMES.some((name) => params.has(name))) return null;
  return {
    year: id(params.get('year')),
    ws: ws(params.get('ws')),
    discipline: id(params.get('discipline')),
    semester: id(params.get('semester')),
    group: id(params.get('group')),
    contact: contact(params.get('contact')),
  };
}

/** The address's search with the selection written in (other parameters kept as they were). */
export function searchWithSelection(search: string, selection: UrlSelection): string {
  const params = new URLSearchParams(search);
  for (const name of NAMES) params.delete(name);
  const { contact: partner, ...ids } = selection;
  for (const [name, value] of Object.entries(ids)) {
    if (value !== null) params.set(name, String(value));
  }
  if (partner) params.set('contact', `${partner.idid}:${partner.id_type}`);
  const text = params.toString();
  return text ? `?${text}` : '';
}

function currentSelection(): UrlSelection {
  const partner = chosenContact.value;
  return {
    year: chosenYear.value,
    ws: chosenWs.value,
    discipline: chosenDiscipline.value,
    semester: chosenSemester.value,
    group: chosenGroup.value,
    contact: partner && { idid: partner.idid, id_type: partner.id_type },
  };
}

const sameSearch = (a: string, b: string) => {
  const sorted = (search: string) => {
    const params = new URLSearchParams(search);
    params.sort();
    return params.toString();
  };
  return sorted(a) === sorted(b);
};

/** Sets the signals to what the address says, leaving alone what already agrees. */
function applySelection(selection: UrlSelection) {
  batch(() => {
    chosenYear.value = selection.year;
    chosenWs.value = selection.ws;
    chosenDiscipline.value = selection.discipline;
    chosenSemester.value = selection.semester;
    chosenGroup.value = selection.group;
    const known = chosenContact.peek();
    const wanted = selection.contact;
    if (!wanted) chosenContact.value = null;
    else if (known?.idid !== wanted.idid || known.id_type !== wanted.id_type) {
      // The name comes with the contact list (below).
      chosenContact.value = { ...wanted, fio: '' };
    }
  });
}

/**
 * The academic context lives in the address (year, semester half, discipline, semester, group or
 * stream, and the open conversation), so a reload, a shared link and the back button restore
 * what the person chose. A choice adds a history entry; an address that names a selection sets it;
 * a plain link to a section keeps the current one and writes it into the address.
 */
export function useSelectionInUrl(academic: AcademicContext): void {
  const location = useLocation();
  const navigate = useNavigate();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
    const named = selectionFromSearch(location.search);
    if (named) applySelection(named);
    else {
      const search = searchWithSelection(location.search, currentSelection());
      if (!sameSearch(search, location.search)) {
        void navigate({ ...location, search }, { replace: true, state: location.state });
      }
    }
  }, [location, navigate]);

  useEffect(
    () =>
      effect(() => {
        const selection = currentSelection();
        const { pathname, search, hash, state } = here.current;
        const next = searchWithSelection(search, selection);
        if (!sameSearch(next, search)) void navigate({ pathname, search: next, hash }, { state });
      }),
    [navigate],
  );

  useContactName(academic);
}

/** A conversation named by the address gets its contact's name once the contact list has it. */
function useContactName(academic: AcademicContext) {
  const { t } = useTranslation('shell');
  const client = useApiClient();
  const nameless = academic.contact?.fio === '' ? academic.contact : null;
  const contacts = useQuery({
    ...getContactsQueryOptions(client, nameless ? academic.contacts : null),
    enabled: nameless !== null && nameless.idid !== GROUP_CHAT_ID,
  });
  useEffect(() => {
    if (!nameless) return;
    if (nameless.idid === GROUP_CHAT_ID) {
      chooseContact({ ...nameless, fio: t('panels.contacts.groupChat') });
      return;
    }
    const found = contacts.data?.find((item) => item.idid === nameless.idid);
    if (found) chooseContact({ ...nameless, fio: found.fio });
  }, [nameless, contacts.data, t]);
}
