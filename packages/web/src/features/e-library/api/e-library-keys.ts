import { referenceKeys } from '../../../lib/reference-data/keys';

/**
 * The e-library reads shared reference data (categories and book lists, `lib/reference-data/`),
 * cached per endpoint and body; these keys name what its writes change.
 */
export const eLibraryKeys = {
  /** Every loaded book list: the whole library and each category. */
  bookLists: referenceKeys.bookLists,
};
