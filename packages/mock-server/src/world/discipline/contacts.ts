// Who counts as a person's contact (the `contacts` rule of the contract's x-owner, e.g. whose photo
// one may see): the people the chat already lets them talk to. A student's contacts are their
// groupmates and the teachers of their group (in any year, any discipline); a teacher's, the
// students of the groups they teach. Two teachers are not each other's contacts, nor are students
// of different groups.
import { disciplineSlice } from './discipline.js';
import { isStudent, isTeacher } from '../core/roles.js';
import type { Store } from '../core/store.js';
import type { Student, Teacher } from '../core/university.js';

/** Whether a teacher teaches a student's group anything, in any year. */
function teaches(store: Store, teacher: Teacher, student: Student) {
  const offerings = store.get(disciplineSlice).offeringsByGroup.get(student.id_group) ?? [];
  return offerings.some((o) => o.id_teacher === teacher.id);
}

/** Whether `other` is `person` or one of their contacts. */
export function isSelfOrContact(
  store: Store,
  person: Teacher | Student,
  other: Teacher | Student,
): boolean {
  if (person.role === other.role && person.id === other.id) return true;
  if (isStudent(person) && isStudent(other)) return person.id_group === other.id_group;
  if (isTeacher(person) && isStudent(other)) return teaches(store, person, other);
  if (isStudent(person) && isTeacher(other)) return teaches(store, other, person);
  return false;
}
