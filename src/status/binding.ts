import * as l10n from '@vscode/l10n';

import type { Region } from '../api/regions';
import { REGION_LABELS } from '../api/regions';
import { isPlainDisplayName } from '../util/safeText';

export type BindingRegion = Region | 'demo';

/** The value of `timeslice.boundApplication`. `name` is only for display before the first refresh. */
export interface Binding {
  id: number;
  region: BindingRegion;
  name?: string;
}

const BINDING_REGIONS: readonly BindingRegion[] = ['us', 'eu', 'custom', 'demo'];

// The value comes from a cloned repository and the name is shown in notifications, where link syntax
// would run a command: a name that is not plain is refused (`bindingProblem`).
export function parseBinding(value: unknown): Binding | undefined {
  if (typeof value !== 'object' || value === null || bindingProblem(value) !== undefined) {
    return undefined;
  }
  const v = value as Record<string, unknown>;
  const id = typeof v.id === 'string' && /^\d+$/.test(v.id) ? Number(v.id) : v.id;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    return undefined;
  }
  const region = (BINDING_REGIONS as readonly unknown[]).includes(v.region) ? (v.region as BindingRegion) : 'us';
  return { id, region, ...(typeof v.name === 'string' && v.name ? { name: v.name } : {}) };
}

export function bindingProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('name' in value)) {
    return undefined;
  }
  const name = value.name;
  if (name === undefined || name === null || name === '' || (typeof name === 'string' && isPlainDisplayName(name))) {
    return undefined;
  }
  // One literal, not a concatenation: the string extractor (l10n-dev) only reads a literal message.
  return l10n.t(
    'The "name" of "timeslice.boundApplication" is not a plain application name (it has link, icon or HTML syntax, invisible characters, or is longer than 200 characters), so the binding is ignored. Bind the folder again with "Timeslice: Bind Workspace to Application…", or remove "name" from the setting.',
  );
}

export function bindingKey(b: Pick<Binding, 'id' | 'region'>): string {
  return `${b.region}:${b.id}`;
}

export function regionLabel(region: BindingRegion): string {
  return region === 'demo' ? l10n.t('Demo') : REGION_LABELS[region];
}
