/**
 * The small NerdGraph SDL the simulator serves: only the types and fields of the minimum subset in
 * docs/service.md#nerdgraph-mapping (key check, accounts, entitySearch, entity, nrql). Type names follow the
 * service's where its docs or client-go give them; the rest are ours.
 */
import { buildSchema } from 'graphql';

import { AI_ISSUES_SDL } from './aiIssues';
import { CHANGE_EVENT_SDL } from './changeEvents';
import { DEPLOYMENT_SDL } from './deployments';
import { EXCEPTION_SDL } from './exceptions';

export const NERDGRAPH_SDL = `
scalar EntityGuid
scalar Nrql
scalar Seconds
scalar EpochMilliseconds
scalar NrdbResult

enum RegionScope { GLOBAL IN_REGION }
enum EntityAlertSeverity { CRITICAL WARNING NOT_ALERTING NOT_CONFIGURED }
enum EntityType { APM_APPLICATION_ENTITY KEY_TRANSACTION_ENTITY }

type Query {
  actor: Actor
  requestContext: RequestContext
}

type RequestContext { userId: ID apiKey: String }

type Actor {
  user: User
  accounts(scope: RegionScope): [AccountOutline]
  account(id: Int!): Account
  entitySearch(query: String): EntitySearch
  entity(guid: EntityGuid!): Entity
  entities(guids: [EntityGuid!]!): [Entity]
}

type User { id: Int name: String email: String }

type AccountOutline { id: Int name: String reportingEventTypes: [String] }

type Account {
  id: Int
  name: String
  nrql(query: Nrql!, timeout: Seconds): NrdbResultContainer
  aiIssues: AiIssuesForAccount
}

type NrdbResultContainer {
  results: [NrdbResult]
  metadata: NrdbMetadata
  nrql: Nrql
}

type NrdbMetadata {
  facets: [String]
  eventTypes: [String]
  messages: [String]
  timeWindow: NrdbMetadataTimeWindow
}

type NrdbMetadataTimeWindow {
  begin: EpochMilliseconds
  end: EpochMilliseconds
  since: String
  until: String
  compareWith: String
}

type EntitySearch {
  count: Int
  query: String
  results(cursor: String): EntitySearchResult
}

type EntitySearchResult { nextCursor: String entities: [EntityOutline] }

type EntityTag { key: String values: [String] }

interface EntityOutline {
  guid: EntityGuid
  name: String
  accountId: Int
  domain: String
  type: String
  entityType: EntityType
  reporting: Boolean
  alertSeverity: EntityAlertSeverity
  permalink: String
  tags: [EntityTag]
}

interface Entity {
  guid: EntityGuid
  name: String
  accountId: Int
  domain: String
  type: String
  entityType: EntityType
  reporting: Boolean
  alertSeverity: EntityAlertSeverity
  permalink: String
  tags: [EntityTag]
}

type ApmApplicationSummaryData {
  apdexScore: Float
  errorRate: Float
  hostCount: Int
  instanceCount: Int
  responseTimeAverage: Seconds
  throughput: Float
  webResponseTimeAverage: Seconds
  webThroughput: Float
  nonWebResponseTimeAverage: Seconds
  nonWebThroughput: Float
}

type AgentApplicationSettingsApmBase { apdexTarget: Float serverSideConfig: Boolean }

type ApmApplicationEntityOutline implements EntityOutline {
  guid: EntityGuid
  name: String
  accountId: Int
  domain: String
  type: String
  entityType: EntityType
  reporting: Boolean
  alertSeverity: EntityAlertSeverity
  permalink: String
  tags: [EntityTag]
  applicationId: Int
  language: String
  apmSummary: ApmApplicationSummaryData
  settings: AgentApplicationSettingsApmBase
}

type AgentEnvironmentApplicationInstanceDetails {
  host: String
  hostDisplayName: String
  id: String
  instanceName: String
  language: String
  name: String
}

type AgentEnvironmentApplicationInstance { details: AgentEnvironmentApplicationInstanceDetails }

type ApmApplicationEntity implements Entity {
  guid: EntityGuid
  name: String
  accountId: Int
  domain: String
  type: String
  entityType: EntityType
  reporting: Boolean
  alertSeverity: EntityAlertSeverity
  permalink: String
  tags: [EntityTag]
  applicationId: Int
  language: String
  apmSummary: ApmApplicationSummaryData
  settings: AgentApplicationSettingsApmBase
  applicationInstances: [AgentEnvironmentApplicationInstance]
  deploymentSearch(filter: ChangeTrackingSearchFilter): ChangeTrackingDeploymentSearchResult
}

type KeyTransactionEntityOutline implements EntityOutline {
  guid: EntityGuid
  name: String
  accountId: Int
  domain: String
  type: String
  entityType: EntityType
  reporting: Boolean
  alertSeverity: EntityAlertSeverity
  permalink: String
  tags: [EntityTag]
}

type KeyTransactionApplication { guid: EntityGuid entity: EntityOutline }

type KeyTransactionEntity implements Entity {
  guid: EntityGuid
  name: String
  accountId: Int
  domain: String
  type: String
  entityType: EntityType
  reporting: Boolean
  alertSeverity: EntityAlertSeverity
  permalink: String
  tags: [EntityTag]
  apdexTarget: Float
  browserApdexTarget: Float
  metricName: String
  application: KeyTransactionApplication
}
`;

export const nerdGraphSchema = buildSchema(
  NERDGRAPH_SDL + DEPLOYMENT_SDL + CHANGE_EVENT_SDL + AI_ISSUES_SDL + EXCEPTION_SDL,
);
