/**
 * Every language-model tool Timeslice registers, in the manifest's order: one more tool is one module
 * and one line here (and its `contributes.languageModelTools` entry).
 */
import { applicationsTool } from './applicationsTool';
import { applicationTool } from './applicationTool';
import { changeImpactTool } from './changeImpactTool';
import { codeNumbersTool } from './codeNumbersTool';
import { deploymentImpactTool } from './deploymentImpactTool';
import { deploymentsTool } from './deploymentsTool';
import { errorsTool } from './errorsTool';
import { metricTool } from './metricTool';
import { nrqlTool } from './nrqlTool';
import { openAlertsTool } from './openAlertsTool';
import { recordDeploymentTool } from './recordDeploymentTool';
import { transactionsTool } from './transactionsTool';
import type { AnyTool } from './toolTypes';

export const TOOLS: readonly AnyTool[] = [
  applicationsTool,
  applicationTool,
  transactionsTool,
  codeNumbersTool,
  changeImpactTool,
  errorsTool,
  deploymentsTool,
  deploymentImpactTool,
  openAlertsTool,
  metricTool,
  nrqlTool,
  recordDeploymentTool,
];
