import { useTranslation } from 'react-i18next';
import type { AcademicContext } from '../../lib/academic-context/use-academic-context';
import type { Discipline } from '../../lib/reference-data/disciplines';
import { optionsNamedApart, PLACEHOLDER_ID } from '../../lib/ui-state/pickers';
import type { Ws } from '../../lib/reference-data/current-ws';
import { useVocabulary } from '../../lib/format/vocabulary';
import { PickerField } from '../ui/picker-field';

export interface AcademicPickersProps {
  academic: AcademicContext;
  /** The picker's class name (a grid cell). */
  className?: string;
}

/**
 * The academic context as four pickers (semester half, discipline, semester, group or stream) for
 * a screen that works on one class. They read and write the shell's choices, so the desktop's
 * discipline column and every section stay on the same class.
 */
export function AcademicPickers({ academic, className }: AcademicPickersProps) {
  const { t } = useTranslation('shell');
  const words = useVocabulary();
  const { currentWs, disciplines, semesters, groups, discipline, semester, group, ws, choose } =
    academic;
  return (
    <>
      <PickerField
        className={className}
        label={t('panels.period.ws')}
        value={ws ?? PLACEHOLDER_ID}
        options={(currentWs.data ?? []).map((half) => ({
          id: half.ws,
          name: words.semesterHalf(half.ws, half.name),
        }))}
        query={currentWs}
        failedText={t('panels.period.failed')}
        onChange={(id) => {
          if (id !== PLACEHOLDER_ID) choose.ws(id as Ws);
        }}
      />
      <PickerField
        className={className}
        label={t('panels.period.discipline')}
        value={discipline?.id_discipline ?? PLACEHOLDER_ID}
        options={disciplineOptions(disciplines.data ?? [], (item) => {
          const credits = t('panels.disciplines.credits', { count: item.kredits });
          const form =
            item.id_examination !== undefined ? words.examination(item.id_examination) : '';
          return form ? `${credits}, ${form}` : credits;
        })}
        query={disciplines}
        failedText={t('panels.disciplines.failed')}
        onChange={(id) => choose.discipline(id === PLACEHOLDER_ID ? null : id)}
      />
      <PickerField
        className={className}
        label={t('panels.period.semester')}
        value={semester?.id_semester ?? PLACEHOLDER_ID}
        disabled={!discipline}
        options={(discipline ? (semesters.data ?? []) : []).map((item) => ({
          id: item.id_semester,
          name: words.semester(item.name),
        }))}
        query={discipline ? semesters : undefined}
        failedText={t('panels.period.failed')}
        onChange={(id) => {
          if (id !== PLACEHOLDER_ID) choose.semester(id);
        }}
      />
      <PickerField
        className={className}
        label={t('panels.period.group')}
        value={group?.id_group ?? PLACEHOLDER_ID}
        disabled={!semester}
        options={(semester ? (groups.data ?? []) : []).map((item) => ({
          id: item.id_group,
          name: words.group(item),
        }))}
        query={semester ? groups : undefined}
        failedText={t('panels.period.failed')}
        onChange={(id) => {
          if (id !== PLACEHOLDER_ID) choose.group(id);
        }}
      />
    </>
  );
}

/**
 * The disciplines as picker options: a name two disciplines share (two courses of one subject,
 * with different credits or forms of control) says which one it is, as the discipline column
 * does with its credits beside each name.
 */
export const disciplineOptions = (
  items: readonly Discipline[],
  which: (item: Discipline) => string,
) =>
  optionsNamedApart(
    items,
    (item) => item.id_discipline,
    (item) => item.name,
    which,
  );
