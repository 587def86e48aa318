// @ts-check
import { mutationRun } from '../../stryker.shared.mjs';

/**
 * The client's modules where a wrong answer reaches a person (`pnpm mutation`): the class a
 * failure gets decides the words and the retry the portal offers.
 * @type {Record<string, import('../../stryker.shared.mjs').MutationModule>}
 */
export const modules = {
  // A failed request's class (timeout, connection, network, cancel, status) and message.
  errors: {
    mutate: ['src/http-errors.ts', 'src/envelope.ts'],
    testFiles: ['test/http-errors.test.ts', 'test/create-client.test.ts', 'test/upload.test.ts'],
  },
};

export default mutationRun('client', modules, process.env.MUTATION_MODULE);
