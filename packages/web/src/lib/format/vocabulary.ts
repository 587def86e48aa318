import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * The portal's own words among the server's reference data: semester halves, kinds of lesson,
 * forms of control, kinds of study material, 'N семестр' and the stream mark. The server names
 * them in Russian; the interface names them in its language when it knows the id (or, for a
 * semester and a stream, the shape of the name), and shows the server's name as sent otherwise.
 * Names of disciplines, groups, people and the like are the server's and are never translated.
 */

const SEMESTER_HALVES = ['1', '2', '3'] as const;
const LESSON_KINDS = ['1', '2', '3'] as const;
const EXAMINATIONS = ['1', '2', '3', '4'] as const;
const MATERIAL_TYPES = ['1', '2', '3', '4', '5', '6', '7', '8'] as const;

/** '1 семестр', '1-семестр' or 'Семестр 1' as the server may send it. */
const SEMESTER_NAME = /^\s*(?:(\d+)\s*-?\s*семестр|семестр\s*(\d+))\s*$/iu;
/** A stream's name that already carries the mark: 'ПИ-26 (поток)', 'ПИ-21-1, ПИ-21-2 (поток 1)'. */
const STREAM_MARK = /\s*\(\s*поток(?:\s+(\d+))?\s*\)\s*$/iu;

const known = <K extends string>(keys: readonly K[], id: number): K | undefined =>
  keys.find((key) => key === String(id));

/** A group or a stream as the server lists it. */
export interface GroupName {
  name: string;
  /** True for a stream (several groups taught together). */
  isPotok?: boolean | null;
}

export interface Vocabulary {
  /** A semester half by its `ws` (1 autumn, 2 spring, 3 summer): 'Осенний', 'Күзгү', 'Autumn'. */
  semesterHalf(ws: number, serverName?: string): string;
  /** A kind of lesson by `id_vid_zaniatiy` (1 lecture, 2 practice, 3 laboratory work). */
  lessonKind(id: number, serverName?: string): string;
  /** A form of control by `id_examination` (1 exam, 2 credit, 3 graded credit, 4 term paper). */
  examination(id: number, serverName?: string): string;
  /** A kind of study material by `id_typeUmk` (1 lectures … 8 presentations). */
  materialType(id: number, serverName?: string): string;
  /** A semester's name: '3 семестр' → '3-семестр', 'Semester 3'; any other name as sent. */
  semester(serverName: string): string;
  /** A group's name as sent; a stream's (by `isPotok` or its '(поток)' mark) marked once. */
  group(group: GroupName): string;
}

/**
 * The vocabulary in the language of `t` (the `common` namespace). An unknown id shows the server's
 * name, or '#id' when the server sent none.
 */
export function vocabulary(t: TFunction<'common'>): Vocabulary {
  const orServer = (id: number, serverName: string | undefined) => serverName || `#${id}`;
  return {
    semesterHalf(ws, serverName) {
      const key = known(SEMESTER_HALVES, ws);
      return key ? t(`vocabulary.semesterHalves.${key}`) : orServer(ws, serverName);
    },
    lessonKind(id, serverName) {
      const key = known(LESSON_KINDS, id);
      return key ? t(`vocabulary.lessonKinds.${key}`) : orServer(id, serverName);
    },
    examination(id, serverName) {
      const key = known(EXAMINATIONS, id);
      return key ? t(`examinations.${key}`) : orServer(id, serverName);
    },
    materialType(id, serverName) {
      const key = known(MATERIAL_TYPES, id);
      return key ? t(`vocabulary.materialTypes.${key}`) : orServer(id, serverName);
    },
    semester(serverName) {
      const match = SEMESTER_NAME.exec(serverName);
      const number = match?.[1] ?? match?.[2];
      return number ? t('vocabulary.semester', { number }) : serverName;
    },
    group({ name, isPotok }) {
      const mark = STREAM_MARK.exec(name);
      if (!mark && !isPotok) return name;
      const base = mark ? name.slice(0, mark.index) : name;
      const number = mark?.[1];
      return number
        ? t('vocabulary.streamNumbered', { name: base, number })
        : t('vocabulary.stream', { name: base });
    },
  };
}

/** The vocabulary in the interface language; it follows a change of language. */
export function useVocabulary(): Vocabulary {
  const { t } = useTranslation('common');
  return useMemo(() => vocabulary(t), [t]);
}
