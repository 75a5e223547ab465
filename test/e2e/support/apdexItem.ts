/**
 * The Apdex status-bar item as the workbench draws it: the score, then the latest deployment's verdict
 * when there is one (docs/impact.md#the-latest-deployment); the codicons render as no text.
 */
export const APDEX_ITEM = /^\s*0\.\d\d(\s+(Worse|Better|Unchanged|Not enough calls yet))?\s*$/;
