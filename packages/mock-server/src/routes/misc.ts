// Area "misc": faculties for the news audience picker, photos, the apps page's links, academic
// years, paid services, the current year, a student's groups and payment codes.
import { createRouter, fail, getBody, getSession, okFor, okJson, once } from '../http.js';
import { academicYears, currentYear, findYear, toAcademicYear } from '../world/core/calendar.js';
import { isSelfOrContact } from '../world/discipline/contacts.js';
import { avatarJpeg } from '../world/core/photo.js';
import { dinUrls, paymentAccount, studiedIn, uslugi } from '../world/misc/misc.js';
import { findByUid, photoOf } from '../world/profile/profile.js';
import { whoIs } from '../world/core/sessions.js';
import { faculties, universitySlice, type Group } from '../world/core/university.js';
import { APP_ICON_PATH, appIconSvg } from '../world/misc/app-icons.js';
import type { RouteDeps } from './route-deps.js';

const toGroup = ({ id_group, name, id_faculty }: Group) => ({
  id_group,
  name,
  id_faculty,
  isPotok: false,
});

// Reference data: module constants, so each answer is serialised once (json-text.ts, once).
const facultyList = once(() => faculties.map(({ id_faculty, name }) => ({ id_faculty, name })));
const dinUrlList = once(() => dinUrls);
const yearList = once(() => [...academicYears].reverse().map(toAcademicYear));
const uslugaList = once(() => uslugi);
const defaultYear = once(() => toAcademicYear(currentYear()));

export const miscRoutes = ({ store }: RouteDeps) =>
  createRouter()
    // Not an operation of the contract: the images the apps' `icon` fields point at.
    .get(`${APP_ICON_PATH}:file`, (c) => {
      const svg = appIconSvg(c.req.param('file'));
      if (!svg) return fail(c, 404, 'Not found');
      c.header('Content-Type', 'image/svg+xml');
      c.header('Cache-Control', 'public, max-age=86400');
      return c.body(svg);
    })
    // every faculty can be addressed by any author
    .post('/api/misc/registered-faculty-list', (c) =>
      okJson<'miscGetRegisteredFaculties'>(c, facultyList()),
    )

    // x-owner `contacts`: the caller's own photo or a contact's (world/discipline/contacts.ts);
    // anyone else, or an account that does not exist, is refused alike. null: the person has no
    // photo.
    .post('/api/misc/photo', (c) => {
      const { uid, role } = getBody<'miscGetPhoto'>(c);
      const { person: caller } = whoIs(store, getSession(c));
      const person = findByUid(store, role, uid);
      if (!person || !isSelfOrContact(store, caller, person)) {
        return fail(c, 403, 'Forbidden: body/uid names nobody the caller studies or teaches with');
      }
      const photo = photoOf(store, person);
      return okFor<'miscGetPhoto'>(
        c,
        photo ? { type: 'Buffer' as const, data: avatarJpeg(photo) } : null,
      );
    })

    .post('/api/misc/dinurls', (c) => okJson<'miscGetDinUrls'>(c, dinUrlList()))

    .post('/api/misc/years', (c) => okJson<'miscGetYears'>(c, yearList()))

    .post('/api/misc/uslugi', (c) => okJson<'miscGetUslugi'>(c, uslugaList()))

    .post('/api/misc/defaultyear', (c) => okJson<'miscGetDefaultYear'>(c, defaultYear()))

    .post('/api/misc/getgroups', (c) => {
      const { id_a_year, id_student } = getBody<'miscGetGroups'>(c);
      const { studentById, groupById } = store.get(universitySlice);
      const student = studentById.get(id_student);
      const group = student && groupById.get(student.id_group);
      const year = findYear(id_a_year);
      return okFor<'miscGetGroups'>(
        c,
        group && year && studiedIn(group, year) ? [toGroup(group)] : [],
      );
    })

    // The operation declares no 404: a request that names no real (year, group, student, service)
    // is a bad request, answered 400 naming the field.
    .post('/api/misc/paymentcode', (c) => {
      const { id_year, id_group, id_student, id_uslug } = getBody<'miscGetPaymentCode'>(c);
      const { studentById, groupById } = store.get(universitySlice);
      const year = findYear(id_year);
      if (!year) return fail(c, 400, 'body/id_year: no such academic year');
      const student = studentById.get(id_student);
      if (!student) return fail(c, 400, 'body/id_student: no such student');
      const group = groupById.get(id_group);
      if (!group || student.id_group !== id_group || !studiedIn(group, year)) {
        return fail(c, 400, 'body/id_group: not the student’s group in that year');
      }
      const usluga = uslugi.find((u) => u.id_uslug === id_uslug);
      if (!usluga) return fail(c, 400, 'body/id_uslug: no such service');
      return okFor<'miscGetPaymentCode'>(c, {
        account: paymentAccount(year, group, student, usluga),
        id_uslug: usluga.id_uslug,
        name: usluga.name,
        sum: usluga.price,
      });
    });
