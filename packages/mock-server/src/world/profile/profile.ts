// Area "profile" (and the photos misc/photo serves): what the profile card shows beyond the
// shared person: date of birth, e-mail, phone, and which avatar (if any) is the person's photo.
import { faker } from '../core/faker.js';
import type { PhotoTemplate } from '../core/photo.js';
import { photoBackgrounds } from '../core/photo.js';
import { isTeacher, personKey, type Role } from '../core/roles.js';
import { defineSlice, type Store } from '../core/store.js';
import {
  kafedras,
  faculties,
  groupOf,
  specialties,
  universitySlice,
  type Student,
  type Teacher,
} from '../core/university.js';

interface ProfileDetails {
  /** YYYY-MM-DD, null when unknown. */
  birthDate: string | null;
  email: string | null;
  /** «+996 555 123 456». */
  phone: string | null;
  /** The person's avatar; null: no photo. */
  photo: PhotoTemplate | null;
}

interface Profiles {
  /** By `${role}:${id}`. */
  details: Map<string, ProfileDetails>;
  /** People by `${role}:${uid}` (the photo is asked for by account id). */
  byUid: Map<string, Teacher | Student>;
}

const TEACHER_DOMAIN = 'knu.kg';
const STUDENT_DOMAIN = 'stud.knu.kg';
// Kyrgyz mobile operators' prefixes (O!, Beeline, MegaCom).
const PHONE_PREFIXES =
  '500 505 507 550 555 557 700 702 707 770 772 777 990 995 999 220 222 227'.split(' ');

const translit: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
  ң: 'n',
  ө: 'o',
  ү: 'u',
};

/** «Токтогулова» → «toktogulova» (passport-style transliteration, ASCII letters only). */
const transliterate = (text: string) =>
  Array.from(text.toLowerCase(), (ch) => translit[ch] ?? ch)
    .join('')
    .replace(/[^a-z]/g, '');

const pad2 = (n: number) => String(n).padStart(2, '0');

/** «a.toktogulova@stud.knu.kg», unique: `taken` counts each address's users («…2», «…3»). */
function createEmail(person: Teacher | Student, taken: Map<string, number>) {
  const domain = isTeacher(person) ? TEACHER_DOMAIN : STUDENT_DOMAIN;
  const local = `${transliterate(person.name).charAt(0)}.${transliterate(person.surname)}`;
  const base = `${local}@${domain}`;
  const n = (taken.get(base) ?? 0) + 1;
  taken.set(base, n);
  // «a.asanov2» cannot clash with another base: bases end in a letter
  return n === 1 ? base : `${local}${n}@${domain}`;
}

/**
 * A person's card details. Three draws per person (a large --scale builds tens of thousands of
 * cards): every field is cut from the bits of two random words and a six-digit number.
 */
function createProfileDetails(
  person: Teacher | Student,
  [earliestYear, latestYear]: readonly [number, number],
  takenEmails: Map<string, number>,
  overrides: Partial<ProfileDetails> = {},
): ProfileDetails {
  const a = faker.number.int({ max: 0x7fffffff });
  const b = faker.number.int({ max: 0x7fffffff });
  const digits = String(faker.number.int({ max: 999_999 })).padStart(6, '0');
  const bits = (word: number, shift: number, range: number) => (word >>> shift) % range;

  const year = earliestYear + bits(a, 0, latestYear - earliestYear + 1);
  const birthDate =
    bits(a, 20, 100) < 97
      ? `${year}-${pad2(1 + bits(a, 8, 12))}-${pad2(1 + bits(a, 12, 28))}`
      : null;
  const prefix = PHONE_PREFIXES[bits(a, 24, PHONE_PREFIXES.length)] ?? '555';
  const phone =
    bits(b, 7, 100) < 85 ? `+996 ${prefix} ${digits.slice(0, 3)} ${digits.slice(3)}` : null;
  const email =
    overrides.email !== undefined || bits(b, 0, 100) >= 90
      ? null
      : createEmail(person, takenEmails);
  const photo =
    bits(b, 14, 100) < 80
      ? { background: bits(b, 21, photoBackgrounds.length), longHair: person.sex === 'female' }
      : null;
  return { birthDate, email, phone, photo, ...overrides };
}

const profileSlice = defineSlice('profile', ({ get }): Profiles => {
  const { teachers, students, groupById, demo } = get(universitySlice);
  const details = new Map<string, ProfileDetails>();
  const byUid = new Map<string, Teacher | Student>();
  const taken = new Map<string, number>();
  // the demo people: fixed cards; teacher2 has no photo, so the portal's "no photo" state is seen
  const demoCards = new Map<Teacher | Student, Partial<ProfileDetails>>([
    [
      demo.teacher,
      {
        birthDate: '1979-05-21',
        phone: '+996 555 310 245',
        photo: { background: 0, longHair: false },
      },
    ],
    [demo.teacher2, { birthDate: '1984-10-02', phone: '+996 700 482 119', photo: null }],
    [
      demo.student,
      {
        birthDate: '2008-03-14',
        phone: '+996 555 123 456',
        photo: { background: 2, longHair: true },
      },
    ],
    [
      demo.student2,
      {
        birthDate: '2007-12-09',
        phone: '+996 772 604 318',
        photo: { background: 4, longHair: false },
      },
    ],
  ]);
  for (const person of [demo.teacher, demo.teacher2, demo.student, demo.student2]) {
    const years: [number, number] = [1970, 2000];
    details.set(
      personKey(person.role, person.id),
      createProfileDetails(person, years, taken, {
        ...demoCards.get(person),
        email: createEmail(person, taken),
      }),
    );
  }
  for (const teacher of teachers) {
    byUid.set(personKey(1, teacher.uid), teacher);
    const key = personKey(1, teacher.id);
    if (!details.has(key)) details.set(key, createProfileDetails(teacher, [1955, 1996], taken));
  }
  for (const student of students) {
    byUid.set(personKey(2, student.uid), student);
    const key = personKey(2, student.id);
    if (details.has(key)) continue;
    // admitted at 17 or 18
    const intake = groupById.get(student.id_group)?.intakeYear ?? 2026;
    details.set(key, createProfileDetails(student, [intake - 19, intake - 17], taken));
  }
  return { details, byUid };
});

/** The person behind an account id of a role, if any. */
export const findByUid = (store: Store, role: Role, uid: number) =>
  store.get(profileSlice).byUid.get(personKey(role, uid));

/** The profile card (the contract's ProfileData) of a person. */
export function toProfileData(store: Store, person: Teacher | Student) {
  const details = store.get(profileSlice).details.get(personKey(person.role, person.id));
  const group = groupOf(store.get(universitySlice), person);
  const specialty = group && specialties.find((s) => s.code === group.specialty);
  const kafedra = isTeacher(person)
    ? kafedras.find((k) => k.id_kafedra === person.id_kafedra)
    : undefined;
  return {
    uid: person.uid,
    id: person.id,
    role: person.role,
    fullName: person.fullName,
    birthDate: details?.birthDate ?? null,
    faculty: faculties.find((f) => f.id_faculty === person.id_faculty)?.name ?? null,
    speciality: specialty?.name ?? null,
    group: group?.name ?? null,
    kafedra: kafedra?.name ?? null,
    email: details?.email ?? null,
    phone: details?.phone ?? null,
  };
}

/** The person's photo template, or null. */
export const photoOf = (store: Store, person: Teacher | Student) =>
  store.get(profileSlice).details.get(personKey(person.role, person.id))?.photo ?? null;
