// Area "misc": the apps page's links, the paid services (uslugi), the groups a student studied in
// a year, and payment codes. All of it is fixed reference data or derived from the university and
// calendar, so the area keeps no state of its own.
import { appIconUrl } from './app-icons.js';
import type { AcademicYear } from '../core/calendar.js';
import type { Group, Student } from '../core/university.js';

interface DinUrl {
  id: number;
  name: string;
  url: string;
  icon: string | null;
  description: string | null;
}

interface Usluga {
  id_uslug: number;
  name: string;
  /** Soms (KGS). */
  price: number;
}

export const dinUrls: readonly DinUrl[] = [
  {
    id: 1,
    name: 'Электронная библиотека',
    url: 'https://lib.knu.kg/',
    icon: appIconUrl('library'),
    description: 'Каталог и полные тексты учебников',
  },
  {
    id: 2,
    name: 'Сайт университета',
    url: 'https://www.knu.kg/',
    icon: appIconUrl('university'),
    description: 'Новости, приказы и контакты подразделений',
  },
  {
    id: 3,
    name: 'Абитуриенту',
    url: 'https://www.knu.kg/ru/abiturientu',
    icon: null,
    description: 'Правила приёма и направления подготовки',
  },
  {
    id: 4,
    name: 'Электронная очередь в общежитие',
    url: 'https://dorm.knu.kg/',
    icon: appIconUrl('dorm'),
    description: 'Заявка на место и статус заселения',
  },
  {
    id: 5,
    name: 'Научный журнал «Вестник КНУ»',
    url: 'https://vestnik.knu.kg/',
    icon: null,
    description: null,
  },
  {
    id: 6,
    name: 'Telegram-канал университета',
    url: 'https://t.me/knu_kg',
    icon: appIconUrl('telegram'),
    description: 'Объявления и изменения в расписании',
  },
  {
    id: 7,
    name: 'Портал госуслуг Tunduk',
    url: 'https://portal.tunduk.kg/',
    icon: null,
    description: 'Электронные государственные услуги',
  },
];

export const uslugi: readonly Usluga[] = [
  { id_uslug: 1, name: 'Оплата за обучение (контракт)', price: 48000 },
  { id_uslug: 2, name: 'Проживание в общежитии', price: 12000 },
  { id_uslug: 3, name: 'Повторное изучение дисциплины (за кредит)', price: 1500 },
  { id_uslug: 4, name: 'Летний семестр (за кредит)', price: 1800 },
  { id_uslug: 5, name: 'Дубликат зачётной книжки', price: 350 },
  { id_uslug: 6, name: 'Дубликат студенческого билета', price: 250 },
  { id_uslug: 7, name: 'Академическая справка', price: 500 },
  { id_uslug: 8, name: 'Пересдача экзамена', price: 400 },
];

/** Whether a student of `group` studied in `year`: from the intake year, for four years. */
export function studiedIn(group: Group, year: AcademicYear) {
  const course = year.startYear - group.intakeYear + 1;
  return course >= 1 && course <= 4;
}

/** Luhn check digit, as on payment terminals' account numbers. */
function luhn(digits: string) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * The personal account to quote at a bank for one service: the year's last two digits, the
 * group, the student, the service, and a check digit. Always the same for the same request.
 */
export function paymentAccount(year: AcademicYear, group: Group, student: Student, usluga: Usluga) {
  const body = [
    String(year.startYear % 100).padStart(2, '0'),
    String(group.id_group).padStart(4, '0'),
    String(student.id).padStart(5, '0'),
    String(usluga.id_uslug).padStart(2, '0'),
  ].join('');
  return body + luhn(body);
}
