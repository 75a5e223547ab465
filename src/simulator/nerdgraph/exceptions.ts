/**
 * `exception(occurrenceId)` on an APM application entity: an error trace's message and stack
 * (errorStacks.ts), or null when the occurrence is unknown or its stack has aged out. Types follow
 * newrelic/newrelic-client-go's `StackTraceApmException` and `StackTraceApmStackTraceFrame`.
 */
import type { Dataset } from '../dataset';
import { exceptionOf } from '../errorStacks';
import { apmApplicationOf } from './entities';

export const EXCEPTION_SDL = `
type StackTraceApmStackTraceFrame { filepath: String formatted: String! line: Int name: String }
type StackTraceApmStackTrace { frames: [StackTraceApmStackTraceFrame] }
type StackTraceApmException { message: String stackTrace: StackTraceApmStackTrace }
extend type ApmApplicationEntity { exception(occurrenceId: String!): StackTraceApmException }
`;

/** The entity with its `exception` resolver, when it is an APM application of `dataset`. */
export function withException(
  entity: Record<string, unknown>,
  dataset: Dataset,
  now: () => Date,
): Record<string, unknown> {
  const app = apmApplicationOf(entity, dataset);
  if (!app) {
    return entity;
  }
  return {
    ...entity,
    exception: ({ occurrenceId }: { occurrenceId: string }) => exceptionOf(dataset, app, occurrenceId, now()),
  };
}
