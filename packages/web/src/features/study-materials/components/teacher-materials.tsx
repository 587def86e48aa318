import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { DeleteConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useFailureDetail } from '../../../components/ui/failure-message';
import { Icon } from '../../../components/ui/icon';
import { PickerField } from '../../../components/ui/picker-field';
import { SuccessNotice } from '../../../components/ui/success-notice';
import { offeredId, PLACEHOLDER_ID } from '../../../lib/pickers';
import type { ShellSession } from '../../../lib/shell-session';
import { useVocabulary } from '../../../lib/vocabulary';
import { useDeleteUmk } from '../api/delete-umk';
import { useTeacherDisciplines, type UmkDiscipline } from '../api/get-teacher-disciplines';
import { useTeacherSemesters } from '../api/get-teacher-semesters';
import { useUmkList, type UmkItem } from '../api/get-umk-list';
import { useUmkTypes } from '../api/get-umk-types';
import { useSharedClass } from './use-shared-class';
import { disciplineOptions, rowsOf } from '../utils/umk-rows';
import { MaterialCard } from './material-card';
import { MaterialFilters, MaterialList, MaterialsSection } from './materials-frame';
import { MaterialForm } from './material-form';
import styles from './study-materials.module.css';

type Dialog = { kind: 'form'; editing: UmkItem | null } | { kind: 'delete'; item: UmkItem };

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
  const failureDetail = useFailureDetail();
  const semesters = useTeacherSemesters(user.uid);
  const types = useUmkTypes();
  // Semester and discipline are the shared class's; the kind only filters this list.
  const shared = useSharedClass(academic, { examination: PLACEHOLDER_ID });
  const [type, setType] = useState(PLACEHOLDER_ID);
  const chosen = { ...shared.chosen, type };
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState('');
  const remove = useDeleteUmk();

  // The first semester is active until another is chosen (as the shell's semester list).
  const semesterList = semesters.data ?? [];
  const semester =
    offeredId(semesterList, chosen.semester, (s) => s.id_semester) !== PLACEHOLDER_ID
      ? chosen.semester
      : (semesterList[0]?.id_semester ?? PLACEHOLDER_ID);
  const disciplines = useTeacherDisciplines(
    semester === PLACEHOLDER_ID ? null : { uid: user.uid, id_semester: semester },
  );
  const allRows = disciplines.data ?? [];
  const discipline = offeredId(allRows, chosen.discipline, (r) => r.id_discipline);
  const rows = rowsOf(allRows, discipline);
  // One form of control: it is chosen at once.
  const examination =
    rows.length === 1
      ? (rows[0]?.id_examination ?? PLACEHOLDER_ID)
      : offeredId(rows, chosen.examination, (r) => r.id_examination);
  const row: UmkDiscipline | undefined = rows.find((r) => r.id_examination === examination);

  const list = useUmkList(
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
  const examOf = (r: UmkDiscipline) => words.examination(r.id_examination, r.examinationName);
  const rowLabel = row ? `${row.name} · ${examOf(row)}` : '';

  const choose = (next: Partial<typeof chosen>) => {
    const { type: nextType, ...link } = next;
    if (nextType !== undefined) setType(nextType);
    shared.choose(link);
    setNotice('');
  };

  return (
    <>
      <MaterialFilters
        semester={semester}
        semesters={semesters}
        onSemester={(id) => choose({ semester: id, discipline: -1, examination: -1 })}
      >
        <PickerField
          label={t('discipline')}
          value={discipline}
          options={disciplineOptions(allRows)}
          query={disciplines}
          disabled={semester === PLACEHOLDER_ID}
          onChange={(id) => {
            shared.chooseDiscipline(semester, id);
            setNotice('');
          }}
        />
        <PickerField
          label={t('examination')}
          value={examination}
          options={rows.map((r) => ({ id: r.id_examination, name: examOf(r) }))}
          disabled={discipline === PLACEHOLDER_ID}
          hint={row ? t('credits', { count: row.kredits }) : undefined}
          onChange={(id) => choose({ examination: id })}
        />
        <PickerField
          label={t('type')}
          value={offeredId(typeList, chosen.type, (type) => type.id_typeUmk)}
          placeholder={t('allTypes')}
          options={typeList.map((type) => ({
            id: type.id_typeUmk,
            name: words.materialType(type.id_typeUmk, type.name),
          }))}
          query={types}
          onChange={(id) => choose({ type: id })}
        />
      </MaterialFilters>

      <MaterialsSection
        count={
          list.data
            ? t('materialsCount', { count: visible(list.data, chosen.type).length })
            : undefined
        }
        actions={
          <Button disabled={!row} onClick={() => setDialog({ kind: 'form', editing: null })}>
            <Icon name="plus" size={18} />
            {t('add')}
          </Button>
        }
        notice={<SuccessNotice>{notice}</SuccessNotice>}
        noSemesters={semesters.isSuccess && semesterList.length === 0 ? t('noSemesters') : null}
        chooseRow={row ? null : t('chooseRow')}
        list={list}
      >
        {(items) => (
          <MaterialList
            items={visible(items, chosen.type)}
            empty={items.length === 0 ? t('empty') : t('emptyType')}
          >
            {(item) => (
              <MaterialCard
                key={item.id_books}
                item={item}
                typeName={typeName(item.id_typeUmk)}
                context={rowLabel}
                onEdit={() => setDialog({ kind: 'form', editing: item })}
                onDelete={() => {
                  remove.reset();
                  setDialog({ kind: 'delete', item });
                }}
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
          preferredType={chosen.type}
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
        <DeleteConfirmDialog
          title={t('confirmDelete.title')}
          text={t('confirmDelete.text')}
          confirmLabel={t('confirmDelete.confirm')}
          pendingLabel={t('confirmDelete.pending')}
          pending={remove.isPending}
          error={
            remove.isError
              ? {
                  title: t('confirmDelete.failed'),
                  detail: failureDetail(remove.error, { notFound: t('confirmDelete.notFound') }),
                  error: remove.error,
                }
              : null
          }
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(
              { id_human: user.id, id_humanType: user.role, id_books: dialog.item.id_books },
              {
                onSuccess: () => {
                  setDialog(null);
                  setNotice(t('deleted'));
                },
              },
            )
          }
        >
          <p className={styles.quote}>{dialog.item.umkName}</p>
        </DeleteConfirmDialog>
      ) : null}
    </>
  );
}

/** The materials of the chosen kind, or all of them. */
const visible = (items: readonly UmkItem[], type: number) =>
  type === PLACEHOLDER_ID ? items : items.filter((item) => item.id_typeUmk === type);
