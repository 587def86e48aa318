import { useTranslation } from 'react-i18next';

const LESSON_KINDS = ['1', '2', '3'] as const;
const EXAMINATIONS = ['1', '2', '3', '4'] as const;

/** Names of a row's kind of lesson and form of control in the interface language ('#7' if unknown). */
export function useRowLabels() {
  const { t } = useTranslation('discipline-registration');
  return {
    lessonKind: (id: number) => {
      const key = LESSON_KINDS.find((k) => k === String(id));
      return key ? t(`lessonKinds.${key}`) : `#${id}`;
    },
    examination: (id: number) => {
      const key = EXAMINATIONS.find((k) => k === String(id));
      return key ? t(`examinations.${key}`) : `#${id}`;
    },
  };
}
