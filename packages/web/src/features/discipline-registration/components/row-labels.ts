import { useTranslation } from 'react-i18next';
import { useVocabulary } from '../../../lib/format/vocabulary';

const LESSON_KINDS = ['1', '2', '3'] as const;

/**
 * Names of a row's kind of lesson (as registration words it: 'Лекции', a part of the course) and
 * form of control, in the interface language ('#7' if unknown).
 */
export function useRowLabels() {
  const { t } = useTranslation('discipline-registration');
  const words = useVocabulary();
  return {
    lessonKind: (id: number) => {
      const key = LESSON_KINDS.find((k) => k === String(id));
      return key ? t(`lessonKinds.${key}`) : `#${id}`;
    },
    examination: (id: number) => words.examination(id),
  };
}
