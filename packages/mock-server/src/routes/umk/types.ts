import { okFor, type AppContext } from '../../http.js';
import { umkTypes } from '../../world/umk/umk.js';

/** The kinds of material, the same for everyone. */
export const umkGetTypes = (c: AppContext) => okFor<'umkGetTypes'>(c, umkTypes);
