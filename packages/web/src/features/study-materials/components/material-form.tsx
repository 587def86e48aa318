import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicationDialog } from '../../../components/publication/publication-dialog';
import { PublicationFields } from '../../../components/publication/publication-fields';
import { usePublicationEditor } from '../../../components/publication/use-publication-editor';
import { PickerField } from '../../../components/ui/picker-field';
import { SegmentedField } from '../../../components/ui/segmented-field';
import { offeredId } from '../../../lib/ui-state/pickers';
import type { PortalUser } from '../../../lib/session/roles';
import { useVocabulary } from '../../../lib/format/vocabulary';
import { useSaveMaterial } from '../api/save-material';
import type { MaterialDiscipline } from '../api/get-teacher-disciplines';
import type { MaterialItem } from '../api/get-materials';
import type { MaterialType } from '../api/get-material-types';
import {
  draftFromItem,
  EMPTY_MATERIAL,
  FOR_STUDENT_KIND_KEYS,
  FOR_STUDENT_KINDS,
  hasStoredFile,
  toSaveFields,
  validateMaterial,
  type MaterialDraft,
  type MaterialErrors,
} from '../utils/material-draft';
import { SharedBookPicker } from './shared-book-picker';
import styles from './study-materials.module.css';

/** One draft per edited material, and one per row (semester, discipline, form of control) for a new one. */
function materialDraftKey(
  id_semester: number,
  row: MaterialDiscipline,
  editing: MaterialItem | null,
) {
  return editing
    ? `umk:material:${editing.id_books}`
    : `umk:material:new:${id_semester}:${row.id_discipline}:${row.id_examination}:${row.id_speciality}`;
}

export interface MaterialFormProps {
  user: Pick<PortalUser, 'uid' | 'id' | 'role'>;
  id_semester: number;
  row: MaterialDiscipline;
  /** 'Базы данных · Экзамен': what the material is saved for. */
  rowLabel: string;
  /** The material to edit; null adds one. */
  editing: MaterialItem | null;
  /** The kind the list is filtered by, preselected for a new material. */
  preferredType: number;
  types: readonly MaterialType[];
  maxSizeMb: number | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** Where the material's file comes from, its kind and the students it is for. */
function MaterialKindFields({
  draft,
  types,
  typeMissing,
  disabled,
  onChange,
}: {
  draft: MaterialDraft;
  types: readonly MaterialType[];
  typeMissing: boolean;
  disabled: boolean;
  onChange: (next: MaterialDraft) => void;
}) {
  const { t } = useTranslation('study-materials');
  const words = useVocabulary();
  const typeOptions = types.map((type) => ({
    id: type.id_typeUmk,
    name: words.materialType(type.id_typeUmk, type.name),
  }));
  return (
    <>
      <SegmentedField
        legend={t('form.source')}
        value={draft.source}
        options={(['upload', 'library'] as const).map((source) => ({
          value: source,
          label: t(`form.sources.${source}`),
        }))}
        onChange={(source) => onChange({ ...draft, source })}
        disabled={disabled}
      />
      <div className={styles.twoColumns}>
        <PickerField
          label={t('type')}
          value={offeredId(typeOptions, draft.id_typeUmk, (o) => o.id)}
          options={typeOptions}
          onChange={(id) => onChange({ ...draft, id_typeUmk: id })}
          error={typeMissing ? t('form.typeRequired') : undefined}
          disabled={disabled}
          required
        />
        <SegmentedField
          legend={t('forStudents')}
          value={draft.id_forStudentKind}
          options={FOR_STUDENT_KINDS.map((kind) => ({
            value: kind,
            label: t(`forStudentKinds.${FOR_STUDENT_KIND_KEYS[kind]}`),
          }))}
          onChange={(kind) => onChange({ ...draft, id_forStudentKind: kind })}
          disabled={disabled}
        />
      </div>
    </>
  );
}

/** An uploaded material may also go to the e-library. */
function ForEBooksField({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('study-materials');
  const id = useId();
  return (
    <div className={styles.checkbox}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        <label htmlFor={id}>{t('form.forEBooks')}</label>
        <small id={`${id}-hint`}>{t('form.forEBooksHint')}</small>
      </span>
    </div>
  );
}

/**
 * Adds or edits a study material in a dialog: its kind and
 * students, its file (an upload with progress and cancel, or a book of the e-library), the
 * publication fields and, if it also goes to the e-library, its category. Refused before sending
 * while a field is missing; a failed or cancelled save keeps every field and the file. What is
 * typed is a draft of the new material or of the edited one until it is saved or cancelled: opened
 * again after a reload, the form brings it back.
 */
export function MaterialForm(props: MaterialFormProps) {
  const { user, row, editing, types, maxSizeMb, onClose, onSaved } = props;
  const { t } = useTranslation(['study-materials', 'publication']);
  const save = useSaveMaterial();
  const editor = usePublicationEditor({
    uid: user.uid,
    draftKey: materialDraftKey(props.id_semester, row, editing),
    initial: editing
      ? draftFromItem(editing)
      : { ...EMPTY_MATERIAL, id_typeUmk: props.preferredType },
    maxSizeMb,
    categorySource: 'umk',
    validate: (fields, hasNewFile) =>
      validateMaterial(fields, { hasNewFile, hasStoredFile: hasStoredFile(editing) }),
    save,
    onClose,
  });
  const { draft, shown, change } = editor;
  const { bodyRef, errors: shownErrors } = editor.form;
  const sending = save.isPending;
  const fromLibrary = draft.source === 'library';

  const submit = (event: FormEvent<HTMLFormElement>) =>
    editor.submit(event, {
      withFile: !fromLibrary,
      fields: (file) =>
        toSaveFields(draft, { user, id_semester: props.id_semester, row, editing, file }),
      onSaved: () => onSaved(),
    });

  const fieldNames: Record<keyof MaterialErrors, string> = {
    name: t('publication:name'),
    pages: t('publication:pages'),
    category: t('publication:category'),
    file: t('publication:file'),
    type: t('type'),
    book: t('form.book'),
  };
  const missing = (Object.keys(shownErrors) as (keyof MaterialErrors)[]).map(
    (key) => fieldNames[key],
  );

  return (
    <PublicationDialog
      {...editor.dialog}
      title={editing ? t('form.editTitle') : t('form.addTitle')}
      subtitle={props.rowLabel}
      onSubmit={submit}
      missing={missing}
      failedTitle={t('form.failed')}
      failureTexts={{
        tooLarge: maxSizeMb !== undefined ? t('publication:tooLarge', { maxSizeMb }) : undefined,
        notFound: t('confirmDelete.notFound'),
      }}
    >
      <div ref={bodyRef} className={styles.formFields}>
        <MaterialKindFields
          draft={draft}
          types={types}
          typeMissing={shownErrors.type === true}
          disabled={sending}
          onChange={change}
        />
        {fromLibrary ? (
          <SharedBookPicker
            draft={draft}
            onChange={change}
            error={shownErrors.book ? t('form.bookRequired') : undefined}
            disabled={sending}
          />
        ) : (
          <ForEBooksField
            checked={draft.isForEBooks}
            disabled={sending}
            onChange={(isForEBooks) => change({ ...draft, isForEBooks })}
          />
        )}
        <PublicationFields
          draft={shown}
          onChange={(next) => change({ ...shown, ...next })}
          errors={shownErrors}
          categorySource="umk"
          showCategory={!fromLibrary && draft.isForEBooks}
          file={
            fromLibrary
              ? undefined
              : { attachments: editor.attachments, storedName: editing?.fileName, maxSizeMb }
          }
          disabled={sending}
        />
      </div>
    </PublicationDialog>
  );
}
