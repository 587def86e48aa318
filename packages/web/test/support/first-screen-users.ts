import type { PortalUser } from '../../src/lib/session/roles';

/** A teacher and a student signing in, and the default year the stub server names. */
export const TEACHER: PortalUser = {
  uid: 11,
  id: 101,
  fullName: 'Асанов Б.Э.',
  role: 1,
  newsPerms: false,
};
export const STUDENT: PortalUser = {
  uid: 22,
  id: 202,
  fullName: 'Бекова А.',
  role: 2,
  group: 'ПИ-1-24',
  id_group: 5,
  newsPerms: false,
};
export const YEAR = { id_a_year: 25, name: '2025-2026' };
