import { existsSync, readFileSync } from 'node:fs';
import { driftLog } from '../playwright.config';

/**
 * After the journeys: the contract proxy between the browser and the mock server logged every
 * request or answer that broke the contract. There must be none.
 */
export default function contractDrift(): void {
  if (!existsSync(driftLog)) throw new Error(`the contract proxy wrote no log (${driftLog})`);
  const lines = readFileSync(driftLog, 'utf8').trim();
  if (lines) throw new Error(`The contract proxy saw drift during the journeys:\n${lines}`);
}
