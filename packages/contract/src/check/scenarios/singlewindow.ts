// Document orders: an order placed, listed, then cancelled.
import { ROLE_TEACHER, ROLE_STUDENT } from '../lib/roles.js';
import { has, list, type Read, type Scenario } from './scenario.js';

export async function singlewindow(s: Scenario) {
  const readOrders: Read = () =>
    s.read('singlewindowGetOrderList', ROLE_STUDENT, { uid: s.student.person.uid });
  const marker = s.run.marker();
  const districts = list(
    s.run.answeredAs('singlewindowGetDistrictList', ROLE_STUDENT) ??
      s.run.answeredAs('singlewindowGetDistrictList', ROLE_TEACHER),
  );
  const district = districts[0];
  const doc = list(
    s.run.answeredAs('singlewindowGetDocList', ROLE_STUDENT) ??
      s.run.answeredAs('singlewindowGetDocList', ROLE_TEACHER),
  )[0];
  const regionRequest = (
    s.run.acceptedAs('singlewindowGetDistrictList', ROLE_STUDENT) ??
    s.run.acceptedAs('singlewindowGetDistrictList', ROLE_TEACHER)
  )?.body as Record<string, unknown> | undefined;
  if (!district || !doc || !regionRequest) {
    s.skip('singlewindowSaveOrder', 'no document or district to order');
    s.skip('singlewindowCancelOrder', 'no document or district to order');
    return;
  }
  const saved = await s.write(
    'singlewindowSaveOrder',
    ROLE_STUDENT,
    {
      body: {
        uid: s.student.person.uid,
        id_doc: doc.id_doc,
        id_region: regionRequest.id_region,
        id_district: district.id_district,
        count: 1,
        comment: marker,
      },
    },
    readOrders,
  );
  if (!saved) return s.skip('singlewindowCancelOrder', 'the order was not placed');
  await s.shows('singlewindowSaveOrder', readOrders, (data) => has(data, marker), 'the new order');
  const order = list(await readOrders()).find((o) => o.comment === marker);
  if (!order) return s.skip('singlewindowCancelOrder', 'the new order is not listed');
  const cancelled = await s.write(
    'singlewindowCancelOrder',
    ROLE_STUDENT,
    { body: { id_order: order.id_order, uid: s.student.person.uid } },
    readOrders,
  );
  if (cancelled) {
    await s.shows(
      'singlewindowCancelOrder',
      readOrders,
      (data) => list(data).find((o) => o.id_order === order.id_order)?.status === 'canceled',
      'the order cancelled',
    );
  }
}
