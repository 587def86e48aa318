// @ts-check
import { mutationRun } from '../../stryker.shared.mjs';

/**
 * The portal's modules where a wrong answer reaches a person (`pnpm mutation`): each is mutated
 * against the tests that must notice. The globs also find a module's files and unit tests once
 * they move into a room of lib/ or beside the code.
 * @type {Record<string, import('../../stryker.shared.mjs').MutationModule>}
 */
export const modules = {
  // A journal's figures: the marks' reading, the totals, the dates' order, the roll's counts,
  // the marks not saved yet and the export's columns; the roll call's state and keys.
  journal: {
    mutate: ['src/features/journal/utils/**/*.ts', '!**/*.test.ts', '!**/today.ts'],
    testFiles: [
      'test/journal-calc.test.ts',
      'test/roll-call-state.test.ts',
      'test/outbox-journal.test.ts',
      'src/features/journal/**/*.test.ts',
    ],
  },
  // Writes kept until delivered: order, retries, refusals, the session, other tabs.
  outbox: {
    mutate: ['src/lib/**/outbox/**/*.ts', '!**/*.test.ts'],
    testFiles: [
      'test/outbox.test.ts',
      'test/outbox-entries.test.ts',
      'test/outbox-tabs.test.ts',
      'test/outbox-journal.test.ts',
      'test/outbox-files.test.tsx',
      'src/lib/**/outbox/**/*.test.ts',
    ],
  },
  // Forms kept per person until sent or discarded, with their files (kept as bytes).
  drafts: {
    mutate: ['src/lib/**/drafts/**/*.ts', 'src/lib/**/stored-files.ts', '!**/*.test.ts'],
    testFiles: [
      'test/drafts.test.ts',
      'test/drafts-hook.test.tsx',
      'test/drafts-note.test.tsx',
      'src/lib/**/drafts/**/*.test.ts',
    ],
  },
  // What a student may choose, and what the choice sends.
  registration: {
    mutate: ['src/features/discipline-registration/utils/**/*.ts', '!**/*.test.ts'],
    testFiles: [
      'test/discipline-registration.test.tsx',
      'test/discipline-registration-drafts.test.tsx',
      'src/features/discipline-registration/**/*.test.ts',
    ],
  },
  // A conversation's messages, their order, the unread counts and the links in a message.
  chat: {
    mutate: ['src/features/chat/utils/**/*.ts', '!**/*.test.ts'],
    testFiles: ['test/chat-utils.test.ts', 'src/features/chat/**/*.test.ts'],
  },
};

export default mutationRun('web', modules, process.env.MUTATION_MODULE);
