// Area "schedule": the weekly timetable of a teacher or a student for a year and ws.
import { createRouter, fail, getBody, getSession, okFor, type AppContext } from '../http.js';
import { lessonKindNames } from '../world/core/lesson-kinds.js';
import { pairTimes, timetableFor, type Lesson } from '../world/schedule/schedule.js';
import { calendarSlice } from '../world/core/calendar.js';
import { isStudent, isTeacher } from '../world/core/roles.js';
import { whoIs } from '../world/core/sessions.js';
import { universitySlice, type University } from '../world/core/university.js';
import type { Store } from '../world/core/store.js';
import type { RouteDeps } from './route-deps.js';

/** A stream's lecture names its groups (or the stream, when it has many). */
function groupLabel(university: University, lesson: Lesson) {
  if (lesson.groupIds.length > 4) {
    return university.streamById.get(lesson.id_stream)?.name ?? '';
  }
  return lesson.groupIds.map((id) => university.groupById.get(id)?.name ?? '').join(', ');
}

/** The contract's ScheduleLesson: the teacher's view names groups, the student's the teacher. */
function toScheduleLesson(store: Store, lesson: Lesson, view: 'teacher' | 'student') {
  const university = store.get(universitySlice);
  const { disciplineById } = store.get(calendarSlice);
  const [time_start, time_end] = pairTimes[lesson.lesson_number - 1] ?? ['08:00', '09:20'];
  return {
    day_number: lesson.day_number,
    lesson_number: lesson.lesson_number,
    time_start,
    time_end,
    id_discipline: lesson.id_discipline,
    discipline: disciplineById.get(lesson.id_discipline)?.name ?? '',
    id_vid_zaniatiy: lesson.id_vid_zaniatiy,
    vid_zaniatiy: lessonKindNames[lesson.id_vid_zaniatiy],
    room: lesson.room,
    t_fio:
      view === 'student' ? (university.teacherById.get(lesson.id_teacher)?.fullName ?? null) : null,
    group: view === 'teacher' ? groupLabel(university, lesson) : null,
    week_parity: lesson.week_parity,
  };
}

/**
 * The signed-in person's timetable in a year and ws as `view` shows it; undefined when the body's
 * id is not the session's person of that role (each role reads its own timetable only).
 */
function ownTimetable(
  store: Store,
  c: AppContext,
  view: 'teacher' | 'student',
  { ws, year, id }: { ws: number; year: number; id: number },
) {
  const { person } = whoIs(store, getSession(c));
  if (person.id !== id) return undefined;
  let lessons: Lesson[] | undefined;
  if (view === 'teacher' && isTeacher(person)) {
    lessons = timetableFor(store, year, ws).byTeacher.get(person.id) ?? [];
  } else if (view === 'student' && isStudent(person)) {
    lessons = timetableFor(store, year, ws).byGroup.get(person.id_group) ?? [];
  }
  return lessons?.map((lesson) => toScheduleLesson(store, lesson, view));
}

const NOT_YOURS = 'Forbidden: not your schedule';

export const scheduleRoutes = ({ store }: RouteDeps) =>
  createRouter()
    .post('/api/schedule/teacher.json', (c) => {
      const lessons = ownTimetable(store, c, 'teacher', getBody<'scheduleGetTeacher'>(c));
      return lessons ? okFor<'scheduleGetTeacher'>(c, lessons) : fail(c, 403, NOT_YOURS);
    })

    .post('/api/schedule/student.json', (c) => {
      const lessons = ownTimetable(store, c, 'student', getBody<'scheduleGetStudent'>(c));
      return lessons ? okFor<'scheduleGetStudent'>(c, lessons) : fail(c, 403, NOT_YOURS);
    });
