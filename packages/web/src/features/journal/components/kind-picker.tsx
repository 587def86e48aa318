import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PickerField } from '../../../components/ui/picker-field';
import { PLACEHOLDER_ID } from '../../../lib/ui-state/pickers';
import { useVocabulary } from '../../../lib/format/vocabulary';
import type { LessonKind } from '../api/get-lesson-kinds';

export interface KindPickerProps {
  /** getvidzaniatiy, or null while the class above it is not chosen. */
  kinds: UseQueryResult<LessonKind[]> | null;
  kind: LessonKind | null;
  onChange: (id: number) => void;
}

/** The kind of lesson (lecture, practice, lab) of the chosen class, for teachers and students. */
export function KindPicker({ kinds, kind, onChange }: KindPickerProps) {
  const { t } = useTranslation('journal');
  const words = useVocabulary();
  return (
    <PickerField
      label={t('class.kind')}
      value={kind?.id_vid_zaniatiy ?? PLACEHOLDER_ID}
      disabled={!kinds}
      options={(kinds?.data ?? []).map((item) => ({
        id: item.id_vid_zaniatiy,
        name: words.lessonKind(item.id_vid_zaniatiy, item.name),
      }))}
      query={kinds ?? undefined}
      failedText={t('class.kindsFailed')}
      onChange={(id) => {
        if (id !== PLACEHOLDER_ID) onChange(id);
      }}
    />
  );
}
