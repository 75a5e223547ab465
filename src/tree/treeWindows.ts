/** How far back the tree reads, apart from its nodes (which need `vscode`) so pure readers can share it. */

/** The tree's window for transactions: the empty state says it ("No transactions in the last 30 minutes"). */
export const TREE_TRANSACTIONS_MINUTES = 30;
