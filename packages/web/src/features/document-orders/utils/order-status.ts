import type { components } from '@lms/client';
import type { UnconfirmedOrder } from './sent-order';

export type OrderStatus = components['schemas']['SingleWindowOrderStatus'];

/** The office is still working on it: its status may change. */
export const isInProgress = (status: OrderStatus) => status === 'waiting' || status === 'preparing';

/** Only a waiting order may be cancelled. */
export const canCancel = (status: OrderStatus) => status === 'waiting';

/** Copies: 1 to 10 (the contract's count). */
export const MIN_COPIES = 1;
export const MAX_COPIES = 10;

export interface OrderDraft {
  id_doc: number;
  id_region: number;
  id_district: number;
  count: number;
  comment: string;
  /** A send whose outcome is not known yet: the list is read before the order may go again. */
  unconfirmed?: UnconfirmedOrder;
}

export const EMPTY_ORDER: OrderDraft = {
  id_doc: -1,
  id_region: -1,
  id_district: -1,
  count: 1,
  comment: '',
};

export type OrderField = 'doc' | 'region' | 'district';

/** The choices still to make before the order can be sent (none: it can). */
export function missingChoices(draft: OrderDraft): OrderField[] {
  const missing: OrderField[] = [];
  if (draft.id_doc === -1) missing.push('doc');
  if (draft.id_region === -1) missing.push('region');
  if (draft.id_district === -1) missing.push('district');
  return missing;
}
