import { useState } from 'react';
import type { AcademicContext } from '../../../lib/academic-context/use-academic-context';
import { PLACEHOLDER_ID } from '../../../lib/ui-state/pickers';

/** The class the UMK screen is on: a study semester and a discipline taught or studied in it. */
export interface MaterialClass {
  semester: number;
  discipline: number;
}

/** The class the shell's academic context is on: its discipline and the semester chosen for it. */
function sharedClassOf(academic: Pick<AcademicContext, 'discipline' | 'semester'>) {
  const { discipline, semester } = academic;
  return discipline && semester
    ? { semester: semester.id_semester, discipline: discipline.id_discipline }
    : null;
}

interface State<Below> {
  chosen: MaterialClass & Below;
  /** The shared class last seen, as a key: a new one is followed. */
  seen: string | null;
  /** The discipline this screen last wrote to the shared context, so its echo is not followed. */
  written: number | null;
}

/**
 * The UMK pickers on the shell's academic context, as the journal's pickers are: they start on the
 * class chosen in the discipline column (or any section), follow it when another is chosen there,
 * and a discipline chosen here becomes the shared one. The UMK lists its own semesters and
 * disciplines (umk/*), so a shared class the UMK does not offer leaves its pickers on their own
 * defaults. `below` holds the links under the class (form of control, teacher), reset whenever the
 * class changes. The shell may settle a written discipline on another semester of its own; that
 * echo is not followed, so the semester chosen here stays.
 */
export function useSharedClass<Below extends object>(
  academic: Pick<AcademicContext, 'discipline' | 'semester' | 'choose'>,
  below: Below,
) {
  const shared = sharedClassOf(academic);
  const key = shared ? `${shared.discipline}:${shared.semester}` : null;
  const [state, setState] = useState<State<Below>>(() => ({
    chosen: {
      semester: shared?.semester ?? PLACEHOLDER_ID,
      discipline: shared?.discipline ?? PLACEHOLDER_ID,
      ...below,
    },
    seen: key,
    written: null,
  }));

  let current = state;
  if (key !== state.seen) {
    // Another class was chosen elsewhere: follow it (adjusting state while rendering, as React
    // recommends over an effect, so no frame shows the old class).
    const follow = shared !== null && shared.discipline !== state.written;
    current = {
      chosen: follow ? { ...state.chosen, ...below, ...shared } : state.chosen,
      seen: key,
      written: follow ? null : state.written,
    };
    setState(current);
  }

  /** A link under the class, or the semester (which clears the discipline and what is below). */
  const choose = (next: Partial<MaterialClass & Below>) =>
    setState((previous) => ({ ...previous, chosen: { ...previous.chosen, ...next } }));

  /** A discipline of the semester shown: chosen here and in the shared context. */
  const chooseDiscipline = (semester: number, discipline: number) => {
    setState((previous) => ({
      ...previous,
      chosen: { ...previous.chosen, ...below, semester, discipline },
      written: discipline === PLACEHOLDER_ID ? previous.written : discipline,
    }));
    if (discipline === PLACEHOLDER_ID) return;
    academic.choose.discipline(discipline);
    academic.choose.semester(semester);
  };

  return { chosen: current.chosen, choose, chooseDiscipline };
}
