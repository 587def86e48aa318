import { fileURLToPath } from 'node:url';

/** The READMEs whose tables are generated: the repository's and this package's. */
export const README_FILES = ['../../../../README.md', '../../README.md'].map((relative) =>
  fileURLToPath(new URL(relative, import.meta.url)),
);
