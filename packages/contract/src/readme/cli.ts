// Writes the generated tables into the READMEs that carry their markers: the repository's (the
// backend team's section) and this package's.
import { readFile, writeFile } from 'node:fs/promises';
import { README_FILES } from './files.js';
import { fillGenerated } from './tables.js';

for (const path of README_FILES) {
  const before = await readFile(path, 'utf8');
  const after = await fillGenerated(before, path);
  if (after !== before) {
    await writeFile(path, after);
    console.log(`wrote ${path}`);
  }
}
