// People's names in Russian and Kyrgyz. Faker has no Kyrgyz locale, so Kyrgyz names come from the
// short lists below (patronymics in the Russian-style form used in university documents).
import { faker } from './faker.js';

type Sex = 'male' | 'female';

export interface PersonName {
  surname: string;
  name: string;
  patronymic: string;
  sex: Sex;
}

const kyrgyzMaleNames = (
  'Бакыт Азамат Нурлан Эркин Алмаз Айбек Темирлан Улан Бекжан Данияр Нурбек Чынгыз ' +
  'Марат Кубанычбек Эрлан Адилет Байэл Султан Тилек Жоомарт'
).split(' ');
const kyrgyzFemaleNames = (
  'Айпери Айгерим Гулнара Жылдыз Назира Айжан Бермет Нургуль Чолпон Асель Айдана ' +
  'Мээрим Динара Каныкей Элнура Айсулуу Гулзат Жибек Салтанат Алтынай'
).split(' ');
// Male surname stems; the female form adds «а» (Асанов → Асанова).
const kyrgyzSurnames = (
  'Асанов Токтогулов Жумабаев Сыдыков Осмонов Абдыкадыров Мамытов Турдубаев Касымов ' +
  'Исаков Омуралиев Садыков Сатыбалдиев Жээнбеков Кулуев Эсенов Тыныбеков Урматов ' +
  'Бейшеналиев Акматов'
).split(' ');
// Fathers' names that take the «-ович / -овна» patronymic.
const kyrgyzFatherNames = (
  'Бакыт Эркин Нурлан Азамат Алмаз Марат Улан Данияр Нурбек Кубанычбек Эрлан Тилек ' +
  'Султан Чынгыз Асылбек Талант Мирлан Русланбек'
).split(' ');

/** Roughly three people in five get a Kyrgyz name, the others a Russian one. */
export function createPersonName(overrides: Partial<PersonName> = {}): PersonName {
  const sex = overrides.sex ?? faker.helpers.arrayElement(['male', 'female'] as const);
  const kyrgyz = faker.number.float() < 0.6;
  const generated: PersonName = kyrgyz
    ? {
        sex,
        surname: faker.helpers.arrayElement(kyrgyzSurnames) + (sex === 'female' ? 'а' : ''),
        name: faker.helpers.arrayElement(sex === 'female' ? kyrgyzFemaleNames : kyrgyzMaleNames),
        patronymic:
          faker.helpers.arrayElement(kyrgyzFatherNames) + (sex === 'female' ? 'овна' : 'ович'),
      }
    : {
        sex,
        surname: faker.person.lastName(sex),
        name: faker.person.firstName(sex),
        patronymic: faker.person.middleName(sex),
      };
  return { ...generated, ...overrides };
}

/** «Асанов Бакыт Эркинович». */
export const fullName = (p: PersonName) => `${p.surname} ${p.name} ${p.patronymic}`;

/** «Асанов Б.Э.» (surname plus initials, as the shell shows it). */
export const shortName = (p: PersonName) =>
  `${p.surname} ${p.name.charAt(0)}.${p.patronymic ? `${p.patronymic.charAt(0)}.` : ''}`;
