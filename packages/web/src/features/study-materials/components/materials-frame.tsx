import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicationList } from '../../../components/publication/publication-card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListHeading } from '../../../components/ui/list-heading';
import { Panel } from '../../../components/ui/panel';
import { PickerField } from '../../../components/ui/picker-field';
import { QueryState } from '../../../components/ui/query-state';
import surface from '../../../components/ui/surface.module.css';
import { useVocabulary } from '../../../lib/format/vocabulary';
import type { MaterialItem } from '../api/get-materials';
import type { MaterialSemester } from '../api/get-teacher-semesters';
import styles from './study-materials.module.css';

export interface MaterialFiltersProps {
  semester: number;
  semesters: UseQueryResult<MaterialSemester[]>;
  onSemester: (id: number) => void;
  /** The screen's pickers after the semester (discipline, form of control, ...). */
  children: ReactNode;
}

/** The materials screens' pickers: the semester first, then the screen's own. */
export function MaterialFilters({
  semester,
  semesters,
  onSemester,
  children,
}: MaterialFiltersProps) {
  const { t } = useTranslation('study-materials');
  const words = useVocabulary();
  return (
    <Panel title={t('filters')} icon="layers">
      <div className={styles.filters}>
        <PickerField
          label={t('semester')}
          value={semester}
          options={(semesters.data ?? []).map((s) => ({
            id: s.id_semester,
            name: words.semester(s.name),
          }))}
          query={semesters}
          onChange={onSemester}
        />
        {children}
      </div>
    </Panel>
  );
}

export interface MaterialsSectionProps {
  /** How many materials are shown, once known. */
  count: string | undefined;
  /** The list's actions at the end of its heading ('Добавить'). */
  actions?: ReactNode;
  /** What stands between the heading and the list (a success notice). */
  notice?: ReactNode;
  /** The semesters came and there are none: what is said instead of the list. */
  noSemesters: string | null;
  /** No discipline row is chosen yet: what is said instead of the list. */
  chooseRow: string | null;
  list: UseQueryResult<MaterialItem[]>;
  children: (items: MaterialItem[]) => ReactNode;
}

/**
 * The materials of the chosen row under their heading. Without semesters, or while the row is not
 * chosen, the list is not asked for and a word says why.
 */
export function MaterialsSection(props: MaterialsSectionProps) {
  const { t } = useTranslation('study-materials');
  return (
    <section className={surface.stack} aria-labelledby="study-materials-list">
      <ListHeading id="study-materials-list" title={t('materials')} count={props.count}>
        {props.actions}
      </ListHeading>
      {props.notice}
      {props.noSemesters !== null ? (
        <EmptyState icon="umk" text={props.noSemesters} />
      ) : props.chooseRow !== null ? (
        <EmptyState icon="layers" text={props.chooseRow} />
      ) : (
        <QueryState query={props.list}>{props.children}</QueryState>
      )}
    </section>
  );
}

/** The materials shown, each as its card; `empty` says why there is none. */
export function MaterialList({
  items,
  empty,
  children,
}: {
  items: readonly MaterialItem[];
  empty: string;
  children: (item: MaterialItem) => ReactNode;
}) {
  const { t } = useTranslation('study-materials');
  if (items.length === 0) return <EmptyState icon="umk" text={empty} />;
  return <PublicationList label={t('materials')}>{items.map(children)}</PublicationList>;
}
