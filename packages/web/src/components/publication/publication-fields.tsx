import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { offeredId } from '../../lib/ui-state/pickers';
import type { PublicationDraft, PublicationErrors } from '../../lib/files/publication';
import {
  useBaseBookCategories,
  useBookCategories,
  type BookCategorySource,
} from '../../lib/reference-data/book-categories';
import type { FileAttachments } from '../../lib/files/upload-kit';
import { Icon } from '../ui/icon';
import { PickerField } from '../ui/picker-field';
import form from '../ui/text-field.module.css';
import { AttachedFiles, FilePicker } from '../upload/file-picker';
import styles from './publication.module.css';

export interface PublicationFileProps {
  /** The form's one file (useFileAttachments); a new pick replaces the previous one. */
  attachments: FileAttachments;
  /** The file the saved item already has, kept unless another is picked. */
  storedName?: string | null;
  maxSizeMb?: number;
}

export interface PublicationFieldsProps {
  draft: PublicationDraft;
  onChange: (draft: PublicationDraft) => void;
  /** Shown once the user tried to send (validatePublication). */
  errors: PublicationErrors;
  /** Whose endpoint lists the categories of a base category: the e-library's or the UMK's. */
  categorySource: BookCategorySource;
  /** The item goes to the e-library: base category and category are asked. */
  showCategory: boolean;
  /** The item carries its own file (absent: a shared book, an HTML book). */
  file?: PublicationFileProps;
  disabled?: boolean;
  /** Fields of the screen's own, placed before the title (UMK: semester, discipline, kind). */
  children?: ReactNode;
}

/**
 * The fields of a publication (an e-library book, a UMK material): file, title, author,
 * description, pages and, for the e-library, its base category and category. Controlled: the
 * screen keeps the draft, so a failed save loses nothing.
 */
export function PublicationFields({
  draft,
  onChange,
  errors,
  categorySource,
  showCategory,
  file,
  disabled = false,
  children,
}: PublicationFieldsProps) {
  const { t } = useTranslation('publication');
  const set = <Key extends keyof PublicationDraft>(key: Key, value: PublicationDraft[Key]) =>
    onChange({ ...draft, [key]: value });

  return (
    <div className={styles.fields}>
      {file ? <FileField {...file} error={errors.file} disabled={disabled} /> : null}
      {children}
      <TextInput
        label={t('name')}
        value={draft.name}
        onChange={(value) => set('name', value)}
        error={errors.name ? t('errors.nameRequired') : undefined}
        required
        maxLength={300}
        disabled={disabled}
        wide
      />
      <TextInput
        label={t('author')}
        value={draft.author}
        onChange={(value) => set('author', value)}
        maxLength={300}
        disabled={disabled}
      />
      <TextInput
        label={t('pages')}
        value={draft.pages}
        onChange={(value) => set('pages', value)}
        error={errors.pages ? t('errors.pagesInvalid') : undefined}
        required
        inputMode="numeric"
        disabled={disabled}
      />
      <TextInput
        label={t('description')}
        value={draft.description}
        onChange={(value) => set('description', value)}
        maxLength={2000}
        multiline
        disabled={disabled}
        wide
      />
      {showCategory ? (
        <CategoryPickers
          draft={draft}
          onChange={onChange}
          source={categorySource}
          error={errors.category ? t('errors.categoryRequired') : undefined}
          disabled={disabled}
        />
      ) : null}
    </div>
  );
}

interface TextInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  maxLength?: number;
  inputMode?: 'numeric';
  multiline?: boolean;
  disabled?: boolean;
  /** Spans the whole row of the form's grid. */
  wide?: boolean;
}

function TextInput({ label, error, onChange, multiline, wide, ...input }: TextInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const control = {
    id,
    ...input,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <div className={wide ? `${form.field} ${styles.wide}` : form.field}>
      <label htmlFor={id} className={form.label}>
        {label}
        {input.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {multiline ? (
        <textarea
          {...control}
          className={form.textarea}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          {...control}
          type="text"
          className={form.input}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {error ? <FieldError id={errorId} text={error} /> : null}
    </div>
  );
}

function FieldError({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className={form.fieldError}>
      <Icon name="alert" size={16} />
      {text}
    </p>
  );
}

function FileField({
  attachments,
  storedName,
  maxSizeMb,
  error,
  disabled,
}: PublicationFileProps & { error?: true; disabled: boolean }) {
  const { t } = useTranslation('publication');
  const id = useId();
  const picked = attachments.files.length > 0;
  return (
    <div
      className={`${form.field} ${styles.wide}`}
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <span id={`${id}-label`} className={form.label}>
        {t('file')}
        <span aria-hidden="true"> *</span>
      </span>
      {storedName && !picked ? (
        <p className={form.hint}>{t('storedFile', { name: storedName })}</p>
      ) : null}
      <FilePicker
        multiple={false}
        maxSizeMb={maxSizeMb}
        disabled={disabled}
        label={picked || storedName ? t('replaceFile') : t('chooseFile')}
        onPick={(files) => {
          // One file: a new pick replaces the one before.
          attachments.clear();
          attachments.add(files.slice(0, 1));
        }}
      />
      <AttachedFiles
        files={attachments.files}
        refused={attachments.refused}
        tooLargeMessage={t('tooLarge', { maxSizeMb })}
        onRemove={attachments.remove}
        disabled={disabled}
      />
      {error ? <FieldError id={`${id}-error`} text={t('errors.fileRequired')} /> : null}
    </div>
  );
}

function CategoryPickers({
  draft,
  onChange,
  source,
  error,
  disabled,
}: {
  draft: PublicationDraft;
  onChange: (draft: PublicationDraft) => void;
  source: BookCategorySource;
  error?: string;
  disabled: boolean;
}) {
  const { t } = useTranslation('publication');
  const bases = useBaseBookCategories();
  const base = draft.id_baseBookCategory;
  const categories = useBookCategories(source, base === -1 ? null : base);
  const baseOptions = (bases.data ?? []).map((b) => ({ id: b.id_baseBookCategory, name: b.name }));
  const categoryOptions = (categories.data ?? []).map((c) => ({
    id: c.id_bookCategory,
    name: c.name,
  }));
  return (
    <>
      <PickerField
        label={t('baseCategory')}
        value={offeredId(baseOptions, base, (o) => o.id)}
        options={baseOptions}
        query={bases}
        disabled={disabled}
        required
        // Another base category: the category chosen in the old one no longer applies.
        onChange={(id) => onChange({ ...draft, id_baseBookCategory: id, id_bookCategory: -1 })}
      />
      <PickerField
        label={t('category')}
        value={offeredId(categoryOptions, draft.id_bookCategory, (o) => o.id)}
        options={categoryOptions}
        query={categories}
        disabled={disabled || base === -1}
        required
        error={error}
        onChange={(id) => onChange({ ...draft, id_bookCategory: id })}
      />
    </>
  );
}
