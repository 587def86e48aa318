import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { PickerField } from '../../../components/ui/picker-field';
import { SuccessNotice } from '../../../components/ui/success-notice';
import { offeredId, PLACEHOLDER_ID } from '../../../lib/ui-state/pickers';
import type { ShellSession } from '../../../lib/session/shell-session';
import { useVocabulary } from '../../../lib/format/vocabulary';
import { useMaterialList, type MaterialItem } from '../api/get-materials';
import { useMaterialTypes, type MaterialType } from '../api/get-material-types';
import { disciplineOptions } from '../utils/material-rows';
import { DeleteMaterialDialog } from './delete-material-dialog';
import { MaterialCard } from './material-card';
import { MaterialFilters, MaterialList, MaterialsSection } from './materials-frame';
import { MaterialForm } from './material-form';
import { useTeacherMaterialRow, type TeacherMaterialRow } from './use-teacher-material-row';

type Dialog =
  { kind: 'form'; editing: MaterialItem | null } | { kind: 'delete'; item: MaterialItem };

/** The teacher's pickers: semester, discipline and form of control, then the kind shown. */
function TeacherMaterialFilters({
  place,
  types,
  onChosen,
}: {
  place: TeacherMaterialRow;
  types: UseQueryResult<MaterialType[]>;
  /** Called after each choice. */
  onChosen: () => void;
}) {
  const { t } = useTranslation('study-materials');
  const words = useVocabulary();
  const typeList = types.data ?? [];
  const { semester, discipline, row } = place;
  const choose = (next: Parameters<TeacherMaterialRow['choose']>[0]) => {
    place.choose(next);
    onChosen();
  };
  return (
    <MaterialFilters
      semester={semester}
      semesters={place.semesters}
      onSemester={(id) => choose({ semester: id, discipline: -1, examination: -1 })}
    >
      <PickerField
        label={t('discipline')}
        value={discipline}
        options={disciplineOptions(place.allRows)}
        query={place.disciplines}
        disabled={semester === PLACEHOLDER_ID}
        onChange={(id) => {
          place.chooseDiscipline(id);
          onChosen();
        }}
      />
      <PickerField
        label={t('examination')}
        value={place.examination}
        options={place.rows.map((r) => ({ id: r.id_examination, name: place.examinationName(r) }))}
        disabled={discipline === PLACEHOLDER_ID}
        hint={row ? t('credits', { count: row.kredits }) : undefined}
        onChange={(id) => choose({ examination: id })}
      />
      <PickerField
        label={t('type')}
        value={offeredId(typeList, place.type, (type) => type.id_typeUmk)}
        placeholder={t('allTypes')}
        options={typeList.map((type) => ({
          id: type.id_typeUmk,
          name: words.materialType(type.id_typeUmk, type.name),
        }))}
        query={types}
        onChange={(id) => choose({ type: id })}
      />
    </MaterialFilters>
  );
}

/**
 * A teacher's study materials: semester, discipline and form of control choose the row a material
 * is saved for; the list shows the teacher's own materials of it, filtered by kind, each with its
 * file, edit and delete. New and edited materials are written in a dialog.
 */
export function TeacherMaterials({
  user,
  config,
  academic,
}: Pick<ShellSession, 'user' | 'config' | 'academic'>) {
  const { t } = useTranslation(['study-materials', 'common']);
  const types = useMaterialTypes();
  const place = useTeacherMaterialRow(user, academic);
  const { semester, row, rowLabel, type } = place;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState('');
  const list = useMaterialList(
    row
      ? {
          id_human: user.id,
          id_humanType: user.role,
          id_semester: semester,
          id_discipline: row.id_discipline,
          id_examination: row.id_examination,
        }
      : null,
  );
  const typeList = types.data ?? [];
  const words = useVocabulary();
  const typeName = (id: number) =>
    words.materialType(id, typeList.find((type) => type.id_typeUmk === id)?.name);
  const noSemesters = place.semesters.isSuccess && (place.semesters.data ?? []).length === 0;

  return (
    <>
      <TeacherMaterialFilters place={place} types={types} onChosen={() => setNotice('')} />

      <MaterialsSection
        count={
          list.data ? t('materialsCount', { count: visible(list.data, type).length }) : undefined
        }
        actions={
          <Button disabled={!row} onClick={() => setDialog({ kind: 'form', editing: null })}>
            <Icon name="plus" size={18} />
            {t('add')}
          </Button>
        }
        notice={<SuccessNotice>{notice}</SuccessNotice>}
        noSemesters={noSemesters ? t('noSemesters') : null}
        chooseRow={row ? null : t('chooseRow')}
        list={list}
      >
        {(items) => (
          <MaterialList
            items={visible(items, type)}
            empty={items.length === 0 ? t('empty') : t('emptyType')}
          >
            {(item) => (
              <MaterialCard
                key={item.id_books}
                item={item}
                typeName={typeName(item.id_typeUmk)}
                context={rowLabel}
                onEdit={() => setDialog({ kind: 'form', editing: item })}
                onDelete={() => setDialog({ kind: 'delete', item })}
              />
            )}
          </MaterialList>
        )}
      </MaterialsSection>

      {dialog?.kind === 'form' && row ? (
        <MaterialForm
          user={user}
          id_semester={semester}
          row={row}
          rowLabel={rowLabel}
          editing={dialog.editing}
          preferredType={type}
          types={typeList}
          maxSizeMb={config?.maxSizeMb}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            setNotice(t('form.saved'));
          }}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteMaterialDialog
          user={user}
          item={dialog.item}
          onCancel={() => setDialog(null)}
          onDeleted={() => {
            setDialog(null);
            setNotice(t('deleted'));
          }}
        />
      ) : null}
    </>
  );
}

/** The materials of the chosen kind, or all of them. */
const visible = (items: readonly MaterialItem[], type: number) =>
  type === PLACEHOLDER_ID ? items : items.filter((item) => item.id_typeUmk === type);
