import { getBody, okFor, type AppContext } from '../../http.js';
import { bookCategories } from '../../world/library/catalogue.js';

/** The e-library's categories under a base category, for publishing a material. */
export function umkGetBookCategories(c: AppContext) {
  const { id_baseBookCategory } = getBody<'umkGetBookCategories'>(c);
  return okFor<'umkGetBookCategories'>(
    c,
    bookCategories.filter((category) => category.id_baseBookCategory === id_baseBookCategory),
  );
}
