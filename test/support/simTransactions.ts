/**
 * A simulated application's transaction names, web and background,
 * whichever the simulator records.
 */
import type { SimApp } from '../../src/simulator/dataset';

export function simTransactionNames(app: SimApp): string[] {
  const background = (app.profile as { background?: Array<{ name: string }> }).background ?? [];
  return [...app.profile.transactions, ...background].map((t) => t.name);
}
