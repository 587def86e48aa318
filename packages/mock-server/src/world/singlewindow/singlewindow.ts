// The single window: documents a student or a teacher can order from the university's offices,
// the regions and districts of Kyrgyzstan to receive them in, and the orders themselves (seeded in
// every status for the demo accounts, and for a share of everybody else).
import { indexBy } from '../core/collections.js';
import { faker } from '../core/faker.js';
import { defineSlice } from '../core/store.js';
import { DAY_MS, startOfBishkekDay, toBishkekIso } from '../core/time.js';
import { ROLE_STUDENT, ROLE_TEACHER, type Role } from '../core/roles.js';
import { universitySlice, type Student, type Teacher } from '../core/university.js';

interface SingleWindowDoc {
  id_doc: number;
  name: string;
  /** Who may order it. */
  roles: readonly Role[];
}

interface Region {
  id_region: number;
  name: string;
}

interface District {
  id_district: number;
  id_region: number;
  name: string;
}

type OrderStatus = 'waiting' | 'preparing' | 'prepared' | 'canceled';

export interface OrderRecord {
  id_order: number;
  /** Account id of whoever ordered it. */
  uid: number;
  id_doc: number;
  id_region: number;
  id_district: number;
  count: number;
  comment: string | null;
  created: string;
  status: OrderStatus;
  /**
   * When the order was placed through order/save, in real milliseconds: from then it advances
   * waiting → preparing → prepared at the server's order pace. Seeded orders keep their status.
   */
  placedAtMs?: number;
}

interface SingleWindow {
  /** Oldest first (ids grow with time); lists sort newest first. */
  orders: OrderRecord[];
  nextId: number;
}

export const documents: readonly SingleWindowDoc[] = [
  { id_doc: 1, name: 'Справка с места учёбы', roles: [ROLE_STUDENT] },
  { id_doc: 2, name: 'Академическая справка', roles: [ROLE_STUDENT] },
  { id_doc: 3, name: 'Справка для военкомата', roles: [ROLE_STUDENT] },
  { id_doc: 4, name: 'Копия приказа о зачислении', roles: [ROLE_STUDENT] },
  { id_doc: 5, name: 'Выписка из зачётной книжки (транскрипт)', roles: [ROLE_STUDENT] },
  { id_doc: 6, name: 'Справка о размере стипендии', roles: [ROLE_STUDENT] },
  { id_doc: 7, name: 'Справка для Социального фонда', roles: [ROLE_TEACHER, ROLE_STUDENT] },
  { id_doc: 8, name: 'Справка с места работы', roles: [ROLE_TEACHER] },
  { id_doc: 9, name: 'Справка о заработной плате', roles: [ROLE_TEACHER] },
  { id_doc: 10, name: 'Копия трудовой книжки', roles: [ROLE_TEACHER] },
  { id_doc: 11, name: 'Копия приказа о приёме на работу', roles: [ROLE_TEACHER] },
];

// The two cities of republican significance and the seven oblasts, with their districts; ids are
// region × 10 + n, the most populous districts first. Osh has no districts: its one entry is the city.
const divisions: readonly [region: string, districts: string][] = [
  ['г. Бишкек', 'Свердловский|Ленинский|Октябрьский|Первомайский'],
  [
    'Чуйская область',
    'Аламудунский|Сокулукский|Ысык-Атинский|Московский|Жайылский|Чуйский|Панфиловский|Кеминский',
  ],
  ['Иссык-Кульская область', 'Иссык-Кульский|Тюпский|Ак-Суйский|Джети-Огузский|Тонский'],
  [
    'Ошская область',
    'Кара-Сууйский|Узгенский|Ноокатский|Араванский|Алайский|Кара-Кульджинский|Чон-Алайский',
  ],
  [
    'Джалал-Абадская область',
    'Сузакский|Базар-Коргонский|Ноокенский|Аксыйский|Токтогульский|Ала-Букинский|Чаткальский|Тогуз-Тороуский',
  ],
  ['Баткенская область', 'Кадамжайский|Лейлекский|Баткенский'],
  ['Нарынская область', 'Ат-Башинский|Кочкорский|Нарынский|Ак-Талинский|Джумгальский'],
  ['Таласская область', 'Таласский|Бакай-Атинский|Кара-Бууринский|Манасский'],
  ['г. Ош', ''],
];

export const regions: readonly Region[] = divisions.map(([name], i) => ({
  id_region: i + 1,
  name,
}));

export const districts: readonly District[] = divisions.flatMap(([region, names], i) =>
  (names ? names.split('|').map((n) => `${n} район`) : [region]).map((name, k) => ({
    id_district: (i + 1) * 10 + k + 1,
    id_region: i + 1,
    name,
  })),
);

export const documentById = indexBy(documents, (d) => d.id_doc);
export const regionById = indexBy(regions, (r) => r.id_region);
export const districtById = indexBy(districts, (d) => d.id_district);

const FIRST_ORDER_ID = 1001;
/** Share of the other people with orders (one to three each). */
const OTHERS_WITH_ORDERS = 0.15;

const comments = [
  'Для предоставления в Социальный фонд',
  'Для предоставления по месту работы родителей',
  'Для получения визы',
  'Для перевода в другой вуз',
  'Для военкомата по месту жительства',
  'Для предоставления в банк',
  'Для оформления налогового вычета',
  'Нужна с печатью и подписью декана',
  'Заберу лично в пятницу',
];

/** How old an order is for its status: waiting ones are fresh, prepared ones older. */
const ageDays: Record<OrderStatus, [number, number]> = {
  waiting: [0, 2],
  preparing: [1, 6],
  prepared: [5, 120],
  canceled: [2, 90],
};

function createOrder(
  fields: Pick<OrderRecord, 'uid' | 'status'> & { role: Role; now: Date } & Partial<OrderRecord>,
): OrderRecord {
  const { role, now, ...rest } = fields;
  const region = faker.helpers.weightedArrayElement(
    regions.map((r) => ({ weight: r.id_region <= 2 ? 6 : 1, value: r })),
  );
  // office hours in Bishkek (UTC+6), some days before now
  const [min, max] = ageDays[fields.status];
  const day = now.getTime() - faker.number.int({ min, max }) * DAY_MS;
  const midnight = startOfBishkekDay(day);
  let created = midnight + faker.number.int({ min: 8 * 60, max: 19 * 60 + 59 }) * 60_000;
  if (created > now.getTime()) created -= DAY_MS;
  return {
    id_order: 0,
    id_doc: faker.helpers.arrayElement(documents.filter((d) => d.roles.includes(role))).id_doc,
    id_region: region.id_region,
    id_district: faker.helpers.arrayElement(
      districts.filter((d) => d.id_region === region.id_region),
    ).id_district,
    count: faker.helpers.weightedArrayElement([
      { weight: 6, value: 1 },
      { weight: 3, value: 2 },
      { weight: 1, value: 3 },
    ]),
    comment: faker.number.float() < 0.6 ? faker.helpers.arrayElement(comments) : null,
    created: toBishkekIso(new Date(created)),
    ...rest,
  };
}

const demoStatuses: readonly OrderStatus[] = [
  'waiting',
  'waiting',
  'preparing',
  'prepared',
  'prepared',
  'canceled',
];

export const singleWindowSlice = defineSlice('singlewindow', ({ get, now }): SingleWindow => {
  const { teachers, students, demo } = get(universitySlice);
  const demoPeople = new Set<Teacher | Student>(Object.values(demo));
  const orders: OrderRecord[] = [];
  for (const person of demoPeople) {
    for (const status of demoStatuses) {
      orders.push(createOrder({ uid: person.uid, role: person.role, status, now }));
    }
  }
  for (const person of [...teachers, ...students]) {
    if (demoPeople.has(person) || faker.number.float() >= OTHERS_WITH_ORDERS) continue;
    for (let i = faker.number.int({ min: 1, max: 3 }); i > 0; i--) {
      const status = faker.helpers.weightedArrayElement<OrderStatus>([
        { weight: 1, value: 'waiting' },
        { weight: 1, value: 'preparing' },
        { weight: 5, value: 'prepared' },
        { weight: 1, value: 'canceled' },
      ]);
      orders.push(createOrder({ uid: person.uid, role: person.role, status, now }));
    }
  }
  // ids follow the order of creation
  orders.sort((a, b) => a.created.localeCompare(b.created) || a.uid - b.uid);
  for (const [i, order] of orders.entries()) order.id_order = FIRST_ORDER_ID + i;
  return { orders, nextId: FIRST_ORDER_ID + orders.length };
});

/** The contract's SingleWindowOrder. */
export function toOrder(order: OrderRecord) {
  return {
    id_order: order.id_order,
    id_doc: order.id_doc,
    docName: documentById.get(order.id_doc)?.name ?? '',
    id_region: order.id_region,
    regionName: regionById.get(order.id_region)?.name ?? '',
    id_district: order.id_district,
    districtName: districtById.get(order.id_district)?.name ?? '',
    count: order.count,
    comment: order.comment,
    created: order.created,
    status: order.status,
  };
}

/**
 * Moves orders placed in this session along (waiting → preparing → prepared), one step per
 * `paceSeconds` of real time since they were placed, so a person can watch the portal follow them.
 * A pace of 0 keeps every order where it is (the default, and in tests unless they ask).
 * Cancelled orders stay cancelled.
 */
export function advanceOrders(orders: OrderRecord[], paceSeconds: number, nowMs: number): void {
  if (paceSeconds <= 0) return;
  for (const order of orders) {
    if (order.placedAtMs === undefined || order.status === 'canceled') continue;
    const steps = Math.floor((nowMs - order.placedAtMs) / (paceSeconds * 1000));
    if (steps >= 2) order.status = 'prepared';
    else if (steps === 1 && order.status === 'waiting') order.status = 'preparing';
  }
}
