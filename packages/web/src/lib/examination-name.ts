import { useTranslation } from 'react-i18next';

/** The usual forms of control (exam, credit, graded credit, term paper), named in `common`. */
const USUAL_EXAMINATIONS = ['1', '2', '3', '4'] as const;

/**
 * A form of control's name: the server's when it sent one (umk/disciplines' examinationName),
 * else the portal's name of a usual one, else its id ('#7').
 */
export function useExaminationName() {
  const { t } = useTranslation();
  return (id_examination: number, serverName?: string) => {
    if (serverName) return serverName;
    const key = USUAL_EXAMINATIONS.find((usual) => usual === String(id_examination));
    return key ? t(`examinations.${key}`) : `#${id_examination}`;
  };
}
