import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { webPackage } from './world';

/** Names this run's drift logs, so a run side by side in the same folder has logs of its own. */
const RUN = 'E2E_DRIFT_RUN';
const prefix = (run: string) => `test-results-drift-${run}-`;

/** The log of one worker's contract proxy (the runner's setup below names the run). */
export function driftLogOf(workerIndex: number): string {
  return join(webPackage, `${prefix(process.env[RUN] ?? 'local')}worker-${workerIndex}.log`);
}

/**
 * Around the journeys: the contract proxy in front of each worker's mock server logs every request
 * or answer that broke the contract. After the run there must be none, in any worker's log.
 * (A worker checks that its proxy wrote its log as it starts: e2e/world.ts.)
 */
export default function contractDrift(): () => void {
  // Workers inherit the runner's environment, so they name their logs after this run.
  const run = String(process.pid);
  process.env[RUN] = run;
  return () => {
    const logs = readdirSync(webPackage).filter(
      (name) => name.startsWith(prefix(run)) && name.endsWith('.log'),
    );
    const drift: string[] = [];
    for (const name of logs) {
      const path = join(webPackage, name);
      const lines = readFileSync(path, 'utf8').trim();
      if (lines) drift.push(`${name}:\n${lines}`);
      else rmSync(path);
    }
    if (drift.length) {
      throw new Error(`The contract proxy saw drift during the journeys:\n${drift.join('\n')}`);
    }
  };
}
