import { getBody, okFor, type AppContext } from '../../http.js';
import { streamOptions } from '../../world/regfordisciplines/regfordisciplines-queries.js';
import type { RouteDeps } from '../route-deps.js';

/** The streams a teacher of a row's discipline and kind of lesson offers. */
export const regfordisciplinesGetSubgroupsForRegEl =
  ({ store }: RouteDeps) =>
  (c: AppContext) =>
    okFor<'regfordisciplinesGetSubgroupsForRegEl'>(
      c,
      streamOptions(store, getBody<'regfordisciplinesGetSubgroupsForRegEl'>(c)),
    );
