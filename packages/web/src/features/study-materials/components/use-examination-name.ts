import { useTranslation } from 'react-i18next';
import { usualExamination } from '../utils/umk-rows';

/** A form of control's name: the server's, else the portal's name of the usual ones. */
export function useExaminationName() {
  const { t } = useTranslation('study-materials');
  return (row: { id_examination: number; examinationName?: string }) => {
    if (row.examinationName) return row.examinationName;
    const key = usualExamination(row.id_examination);
    return key ? t(`examinations.${key}`) : `#${row.id_examination}`;
  };
}
