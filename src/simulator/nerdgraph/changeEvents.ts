/**
 * `changeTrackingCreateEvent`, the service's recommended write (docs/service.md#change-tracking): the input's
 * shape, the standard categories and types (others only with `ALLOW_CUSTOM_CATEGORY_OR_TYPE`), the
 * ±24 h timestamp rule, the reserved custom-attribute names, a generated `changeTrackingId`. A change of
 * category Deployment is a deployment marker of the application (deployments.ts); other categories are
 * answered and kept nowhere, since nothing here reads them.
 */
import { randomUUID } from 'node:crypto';

import { GraphQLError } from 'graphql';

import type { Dataset, SimApp } from '../dataset';
import { recordDeployment } from '../deployments';

export const CHANGE_EVENT_SDL = `
scalar ChangeTrackingRawCustomAttributesMap

enum ChangeTrackingValidationFlag { ALLOW_CUSTOM_CATEGORY_OR_TYPE FAIL_ON_FIELD_LENGTH FAIL_ON_REST_API_FAILURES }
input ChangeTrackingDataHandlingRules { validationFlags: [ChangeTrackingValidationFlag!] }
input ChangeTrackingCategoryRelatedInput { category: String! type: String! }
input ChangeTrackingDeploymentFieldsInput { version: String! changelog: String commit: String deepLink: String }
input ChangeTrackingFeatureFlagFieldsInput { featureFlagId: String! }
input ChangeTrackingCategoryFieldsInput {
  deployment: ChangeTrackingDeploymentFieldsInput
  featureFlag: ChangeTrackingFeatureFlagFieldsInput
}
input ChangeTrackingCategoryAndTypeInput {
  kind: ChangeTrackingCategoryRelatedInput!
  categoryFields: ChangeTrackingCategoryFieldsInput
}
input ChangeTrackingEntitySearchInput { query: String! }
input ChangeTrackingCreateEventInput {
  categoryAndTypeData: ChangeTrackingCategoryAndTypeInput!
  entitySearch: ChangeTrackingEntitySearchInput!
  description: String
  shortDescription: String
  user: String
  groupId: String
  timestamp: EpochMilliseconds
  customAttributes: ChangeTrackingRawCustomAttributesMap
}

type ChangeTrackingEntity { name: String guid: EntityGuid }
type ChangeTrackingEvent {
  category: String
  categoryAndType: String
  changeTrackingId: String
  customAttributes: ChangeTrackingRawCustomAttributesMap
  description: String
  entity: ChangeTrackingEntity
  groupId: String
  shortDescription: String
  timestamp: EpochMilliseconds
  user: String
  type: String
}
type ChangeTrackingCreateEventResult { changeTrackingEvent: ChangeTrackingEvent messages: [String] }

extend type Mutation {
  changeTrackingCreateEvent(
    changeTrackingEvent: ChangeTrackingCreateEventInput!
    dataHandlingRules: ChangeTrackingDataHandlingRules
  ): ChangeTrackingCreateEventResult
}
`;

/** The standard categories and their types, as NRQL stores them (the docs' table). */
export const STANDARD_KINDS: Readonly<Record<string, readonly string[]>> = {
  Deployment: ['Basic', 'Blue Green', 'Canary', 'Rolling', 'Shadow'],
  'Deployment Lifecycle': [
    'Artifact Copy',
    'Artifact Deletion',
    'Artifact Deployment',
    'Artifact Move',
    'Build Deletion',
    'Build Promotion',
    'Build Upload',
    'Image Deletion',
    'Image Promotion',
    'Image Push',
    'Release Bundle Creation',
    'Release Bundle Deletion',
    'Release Bundle Sign',
  ],
  'Feature Flag': ['Basic'],
  'Business Event': ['Convention', 'Marketing Campaign', 'Other'],
  Operational: ['Crash', 'Other', 'Scheduled Maintenance Period', 'Server Reboot'],
};

/** Custom-attribute names the service refuses (the docs' list), compared without case. */
export const RESERVED_ATTRIBUTE_NAMES: readonly string[] = [
  ...['accountId', 'ago', 'and', 'appID', 'as', 'auto', 'begin', 'begintime', 'category', 'categoryType'],
  ...['changeTrackingId', 'compare', 'customAttributes', 'customType', 'day', 'days', 'description', 'end'],
  ...['endtime', 'entity.domain', 'entity.guid', 'entity.name', 'entity.type', 'entityGuid', 'entityName'],
  ...['explain', 'eventType', 'facet', 'from', 'fb.input', 'groupId', 'hostname', 'hour', 'hours', 'in', 'is'],
  ...['like', 'limit', 'log', 'minute', 'minutes', 'month', 'months', 'not', 'null', 'offset', 'or'],
  ...['plugin.type', 'raw', 'second', 'seconds', 'select', 'since', 'timeseries', 'timestamp', 'type'],
  ...['until', 'user', 'week', 'weeks', 'where', 'with', 'version', 'commit'],
];

/** "+/- 24 hours of the current time … or the payload will be rejected" (both mutations). */
export const TIMESTAMP_WINDOW_MS = 24 * 3_600_000;
/** The service's wording is not documented; this is its CLI's (`newrelic changeTracking create --help`). */
export const TIMESTAMP_REFUSAL = 'timestamp can not be more than 24 hours in the past or future';

export interface ChangeEventArgs {
  changeTrackingEvent: {
    categoryAndTypeData: {
      kind: { category: string; type: string };
      categoryFields?: {
        deployment?: {
          version: string;
          changelog?: string | null;
          commit?: string | null;
          deepLink?: string | null;
        } | null;
        featureFlag?: { featureFlagId: string } | null;
      } | null;
    };
    entitySearch: { query: string };
    description?: string | null;
    shortDescription?: string | null;
    user?: string | null;
    groupId?: string | null;
    timestamp?: number | null;
    customAttributes?: unknown;
  };
  dataHandlingRules?: { validationFlags?: readonly string[] | null } | null;
}

/** The application an entity search names, with its entity's name and GUID; undefined when none or several. */
export type EntityFinder = (
  query: string,
) => Array<{ guid: string; name: string; target?: { dataset: Dataset; app: SimApp } }>;

function invalid(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { errorClass: 'INVALID_INPUT' } });
}

/** `deployment`, `BLUE_GREEN`, `Blue Green` → one key, so the docs' spellings all find the standard kind. */
const fold = (s: string) => s.replace(/_/g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();

function kindOf(category: string, type: string, custom: boolean): { category: string; type: string } {
  const standard = Object.keys(STANDARD_KINDS).find((c) => fold(c) === fold(category));
  const standardType = standard ? STANDARD_KINDS[standard].find((t) => fold(t) === fold(type)) : undefined;
  if (standard && standardType) {
    return { category: standard, type: standardType };
  }
  if (!custom) {
    throw invalid(
      `Invalid category '${category}' and type '${type}': use a standard combination or set validationFlags: [ALLOW_CUSTOM_CATEGORY_OR_TYPE]`,
    );
  }
  return { category, type };
}

function customAttributesOf(v: unknown): Record<string, string | number | boolean> | undefined {
  if (v === undefined || v === null) {
    return undefined;
  }
  if (typeof v !== 'object' || Array.isArray(v)) {
    throw invalid('customAttributes must be an object of key-value pairs');
  }
  const out: Record<string, string | number | boolean> = {};
  for (const [k, value] of Object.entries(v)) {
    if (RESERVED_ATTRIBUTE_NAMES.some((r) => r.toLowerCase() === k.toLowerCase())) {
      throw invalid(`customAttributes: '${k}' is a reserved attribute name`);
    }
    if (!['string', 'number', 'boolean'].includes(typeof value)) {
      throw invalid(`customAttributes: the value of '${k}' must be a string, a boolean or a number`);
    }
    out[k] = value as string | number | boolean;
  }
  return out;
}

/** Refuses a timestamp more than TIMESTAMP_WINDOW_MS from now, as both mutations do. */
export function checkTimestamp(timestamp: number | null | undefined, now: number): number {
  if (timestamp === undefined || timestamp === null) {
    return now;
  }
  if (!Number.isFinite(timestamp) || Math.abs(timestamp - now) > TIMESTAMP_WINDOW_MS) {
    throw invalid(TIMESTAMP_REFUSAL);
  }
  return timestamp;
}

export function createChangeEvent(args: ChangeEventArgs, find: EntityFinder, now: () => Date): Record<string, unknown> {
  const input = args.changeTrackingEvent;
  const custom = (args.dataHandlingRules?.validationFlags ?? []).includes('ALLOW_CUSTOM_CATEGORY_OR_TYPE');
  const kind = kindOf(input.categoryAndTypeData.kind.category, input.categoryAndTypeData.kind.type, custom);
  const fields = input.categoryAndTypeData.categoryFields;
  const deployment = fields?.deployment;
  if (kind.category === 'Deployment' && !deployment?.version) {
    throw invalid("A change of category 'Deployment' needs categoryFields.deployment with a version");
  }
  if (kind.category === 'Feature Flag' && !fields?.featureFlag?.featureFlagId) {
    throw invalid("A change of category 'Feature Flag' needs categoryFields.featureFlag with a featureFlagId");
  }
  const customAttributes = customAttributesOf(input.customAttributes);
  const at = checkTimestamp(input.timestamp, now().getTime());
  const found = find(input.entitySearch.query);
  if (found.length !== 1) {
    throw invalid(`The entity search must match exactly one entity (it matched ${found.length})`);
  }
  const [entity] = found;
  const changeTrackingId = randomUUID();
  const shortDescription =
    input.shortDescription ??
    [entity.name, deployment?.version, input.user ? `by ${input.user}` : undefined].filter(Boolean).join(' ');
  if (kind.category === 'Deployment' && deployment && entity.target) {
    recordDeployment(entity.target.dataset, entity.target.app, {
      revision: deployment.version,
      at,
      user: input.user ?? undefined,
      description: input.description ?? undefined,
      changelog: deployment.changelog ?? undefined,
      commit: deployment.commit ?? undefined,
      deepLink: deployment.deepLink ?? undefined,
      groupId: input.groupId ?? undefined,
      deploymentType: kind.type.toUpperCase().replace(/ /g, '_'),
      source: 'api.graphql.changeTrackingCreateEvent',
      change: { changeTrackingId, ...kind, shortDescription, customAttributes },
    });
  }
  return {
    changeTrackingEvent: {
      category: kind.category,
      categoryAndType: `${kind.category}.${kind.type}`,
      changeTrackingId,
      customAttributes: customAttributes ?? null,
      description: input.description ?? null,
      entity: { name: entity.name, guid: entity.guid },
      groupId: input.groupId ?? null,
      shortDescription,
      timestamp: at,
      user: input.user ?? null,
      type: kind.type,
    },
    messages: [],
  };
}
