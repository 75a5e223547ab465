/** Changes a test makes to the simulated service's data while it runs (the rest are switches on Simulator). */
import type { Dataset } from './dataset';

export type SimHealth = 'green' | 'orange' | 'red' | 'unknown';

/**
 * Changes an application's health status from now on, as an alert condition opening or closing on
 * the service would: its records (and its first host's and that host's instances', which share the
 * application's health) say so; the metric series are left alone, since health comes from alert
 * policies, not from the numbers.
 */
export function setApplicationHealth(dataset: Dataset, label: string, applicationId: number, health: SimHealth): void {
  const app = dataset.appsById.get(applicationId);
  if (!app) {
    throw new Error(`The ${label} data set has no application ${applicationId}.`);
  }
  if (!app.reporting) {
    throw new Error(`${app.name} is not reporting: its health stays gray.`);
  }
  app.health = health;
  // `unknown` means no alert policy (docs/service.md#records), so the policy link goes and comes back with it.
  if (health === 'unknown') {
    app.alertPolicyId = undefined;
  } else if (app.alertPolicyId === undefined) {
    app.alertPolicyId = 600_000 + (app.id % 100);
  }
  const firstHost = dataset.hosts.get(app.hostIds[0]);
  if (firstHost) {
    firstHost.health = health;
    for (const instance of dataset.instances.values()) {
      if (instance.hostId === firstHost.id) {
        instance.health = health; // An instance shares its host's health.
      }
    }
  }
}
