import { beforeAll } from 'vitest';
import { loadShellChunk } from '../../src/app/load-shell-chunk';
import { SECTIONS, type SectionKey } from '../../src/app/sections';

/**
 * Loads the shell and these sections' code and translations once, before the file's tests. The
 * first import of a screen transforms its whole module graph: on a busy machine that takes longer
 * than a wait for what the screen shows (15 s, vitest.shared.ts), but a hook has 60 s. The
 * screens then render as they do in the portal after the shell chunk has preloaded them.
 */
export function preloadScreens(...keys: SectionKey[]): void {
  beforeAll(async () => {
    await Promise.all([
      loadShellChunk(),
      ...SECTIONS.filter((section) => keys.includes(section.key)).map((section) =>
        section.Component.preload(),
      ),
    ]);
  });
}
