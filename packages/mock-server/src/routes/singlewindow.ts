// Area "singlewindow": documents to order, the regions and districts to receive them in, and the
// user's own orders (list newest first, save as 'waiting', cancel while still waiting).
import {
  createRouter,
  fail,
  getBody,
  getSession,
  jsonText,
  okFor,
  okJson,
  once,
  type JsonBytes,
  type JsonText,
  type ResponseData,
} from '../http.js';
import {
  advanceOrders,
  districtById,
  districts,
  documentById,
  documents,
  regionById,
  regions,
  singleWindowSlice,
  toOrder,
  type OrderRecord,
} from '../world/singlewindow/singlewindow.js';
import type { Role } from '../world/core/roles.js';
import { whoIs } from '../world/core/sessions.js';
import type { RouteDeps } from './route-deps.js';
import { toBishkekIso } from '../world/core/time.js';

const newestFirst = (a: OrderRecord, b: OrderRecord) =>
  b.created.localeCompare(a.created) || b.id_order - a.id_order;

// The session says who is asking; x-owner (src/ownership.ts) has made the body's uid and role name
// it, and an order's owner is checked here.
/** Real time, the one clock orders advance by (the world's clock may be frozen). */
const wallClockMs = () => Date.now();

// Documents, regions and districts are module constants: each list is serialised once (per role,
// per region) and sent as the same JSON after that.
const docLists = new Map<Role, () => JsonBytes<ResponseData<'singlewindowGetDocList'>>>();
const docListFor = (role: Role) => {
  let list = docLists.get(role);
  if (!list) {
    list = once(() =>
      documents.filter((d) => d.roles.includes(role)).map(({ id_doc, name }) => ({ id_doc, name })),
    );
    docLists.set(role, list);
  }
  return list();
};
const regionList = once(() => regions.map(({ id_region, name }) => ({ id_region, name })));
const districtLists = new Map<number, JsonText<ResponseData<'singlewindowGetDistrictList'>>>();
const districtListFor = (id_region: number) => {
  let list = districtLists.get(id_region);
  if (!list) {
    // only regions that exist are kept: a request cannot grow the table
    const found = districts
      .filter((d) => d.id_region === id_region)
      .map(({ id_district, name }) => ({ id_district, id_region, name }));
    list = jsonText(found);
    if (regionById.has(id_region)) districtLists.set(id_region, list);
  }
  return list;
};

export const singlewindowRoutes = ({ store, settings }: RouteDeps) =>
  createRouter()
    .post('/api/singlewindow/doc/list', (c) => {
      getBody<'singlewindowGetDocList'>(c);
      const { person } = whoIs(store, getSession(c));
      return okJson<'singlewindowGetDocList'>(c, docListFor(person.role));
    })

    .post('/api/singlewindow/region/list', (c) =>
      okJson<'singlewindowGetRegionList'>(c, regionList()),
    )

    .post('/api/singlewindow/district/list', (c) => {
      const { id_region } = getBody<'singlewindowGetDistrictList'>(c);
      return okJson<'singlewindowGetDistrictList'>(c, districtListFor(id_region));
    })

    .post('/api/singlewindow/order/list', (c) => {
      const { person } = whoIs(store, getSession(c));
      const { orders } = store.get(singleWindowSlice);
      advanceOrders(orders, settings.orderPace.seconds, wallClockMs());
      const mine = orders.filter((o) => o.uid === person.uid);
      return okFor<'singlewindowGetOrderList'>(c, mine.sort(newestFirst).map(toOrder));
    })

    .post('/api/singlewindow/order/save', (c) => {
      const body = getBody<'singlewindowSaveOrder'>(c);
      const { person } = whoIs(store, getSession(c));
      const doc = documentById.get(body.id_doc);
      if (!doc) return fail(c, 400, 'body/id_doc: unknown document');
      if (!doc.roles.includes(person.role)) {
        return fail(c, 403, 'Forbidden: this document is not issued to your role');
      }
      if (!regionById.has(body.id_region)) return fail(c, 400, 'body/id_region: unknown region');
      if (districtById.get(body.id_district)?.id_region !== body.id_region) {
        return fail(c, 400, 'body/id_district: not a district of the region');
      }
      const singleWindow = store.get(singleWindowSlice);
      const comment = body.comment?.trim() ?? '';
      const order: OrderRecord = {
        id_order: singleWindow.nextId,
        uid: person.uid,
        id_doc: doc.id_doc,
        id_region: body.id_region,
        id_district: body.id_district,
        count: body.count,
        comment: comment === '' ? null : comment,
        created: toBishkekIso(store.tick()),
        status: 'waiting',
        placedAtMs: wallClockMs(),
      };
      singleWindow.nextId += 1;
      singleWindow.orders.push(order);
      return okFor<'singlewindowSaveOrder'>(c, toOrder(order));
    })

    .post('/api/singlewindow/order/cancel', (c) => {
      const { id_order } = getBody<'singlewindowCancelOrder'>(c);
      const { person } = whoIs(store, getSession(c));
      const { orders } = store.get(singleWindowSlice);
      advanceOrders(orders, settings.orderPace.seconds, wallClockMs());
      const order = orders.find((o) => o.id_order === id_order);
      if (!order) return fail(c, 404, 'Not found');
      if (order.uid !== person.uid) return fail(c, 403, 'Forbidden: not your order');
      if (order.status !== 'waiting') {
        return fail(
          c,
          403,
          `Forbidden: only a waiting order can be cancelled (it is ${order.status})`,
        );
      }
      order.status = 'canceled';
      return okFor<'singlewindowCancelOrder'>(c, toOrder(order));
    });
