/**
 * The demo's code as a git history of its deployments (docs/impact.md, "The demo's story"): older commits are the
 * files with each step undone. Fixed authors, dates and contents give the same SHAs on every machine.
 */
import type { GitObject, Signature } from './gitObjects';
import { commit, indexFile, looseObject, treeOf } from './gitObjects';

export interface HistoryChange {
  file: string;
  /** The text before the step; `after` occurs exactly once in the file after it. */
  before: string;
  after: string;
}

export interface HistoryStep {
  subject: string;
  /** When it was committed (author and committer), UTC. */
  at: string;
  author: { name: string; email: string };
  changes: readonly HistoryChange[];
}

const MARA = { name: 'Mara Keller', email: 'mara.keller@example.com' };
const PRIYA = { name: 'Priya Natarajan', email: 'priya@example.com' };

/** Per sample folder, its commits oldest first; the first has no changes (the files as they were). */
export const DEMO_HISTORY: Readonly<Record<string, readonly HistoryStep[]>> = {
  'storefront-web': [
    {
      subject: 'Storefront: orders, carts, products, search and sessions',
      at: '2026-11-02T09:00:00Z',
      author: MARA,
      changes: [],
    },
    {
      subject: 'Products: list in-stock products through the scope',
      at: '2026-11-09T14:20:00Z',
      author: PRIYA,
      changes: [
        {
          file: 'app/controllers/products_controller.rb',
          before: 'Product.where("stock > 0").order(:name)',
          after: 'Product.in_stock.order(:name)',
        },
      ],
    },
    {
      subject: 'Orders: load the line items with the order',
      at: '2026-11-16T10:05:00Z',
      author: MARA,
      changes: [
        {
          file: 'app/controllers/orders_controller.rb',
          before: '@order = current_user.orders.find(params[:id])',
          after: '@order = current_user.orders.includes(:line_items).find(params[:id])',
        },
      ],
    },
    {
      subject: 'Invoice reminders go through the mailers queue',
      at: '2026-11-20T16:40:00Z',
      author: PRIYA,
      changes: [{ file: 'app/jobs/invoice_reminder_job.rb', before: 'queue_as :default', after: 'queue_as :mailers' }],
    },
  ],
};

export interface DemoHistory {
  commits: string[];
  gitFiles: Map<string, Buffer>;
}

const BRANCH = 'main';

function sig(author: { name: string; email: string }, at: string): Signature {
  return { ...author, seconds: Date.parse(at) / 1000, zone: '+0000' };
}

function undo(files: Map<string, string>, step: HistoryStep): Map<string, string> {
  const out = new Map(files);
  for (const c of step.changes) {
    const text = out.get(c.file);
    const at = text?.indexOf(c.after) ?? -1;
    if (text === undefined || at < 0 || text.indexOf(c.after, at + 1) >= 0) {
      throw new Error(`the demo's history does not fit ${c.file}: "${c.after}" must occur once`);
    }
    out.set(c.file, text.slice(0, at) + c.before + text.slice(at + c.after.length));
  }
  return out;
}

/** The repository of a sample folder whose files (by `/`-separated path, the newest commit) are `files`. */
export function demoHistory(steps: readonly HistoryStep[], files: ReadonlyMap<string, string>): DemoHistory {
  const states: Map<string, string>[] = [new Map(files)];
  for (let i = steps.length - 1; i > 0; i--) {
    states.unshift(undo(states[0], steps[i]));
  }
  const objects = new Map<string, GitObject>();
  const commits: string[] = [];
  steps.forEach((step, i) => {
    const t = treeOf(states[i]);
    t.objects.forEach((o) => objects.set(o.sha, o));
    const c = commit({
      tree: t.root,
      parents: i === 0 ? [] : [commits[i - 1]],
      author: sig(step.author, step.at),
      committer: sig(step.author, step.at),
      message: `${step.subject}\n`,
    });
    objects.set(c.sha, c);
    commits.push(c.sha);
  });
  const gitFiles = new Map<string, Buffer>();
  for (const o of objects.values()) {
    const loose = looseObject(o);
    gitFiles.set(loose.path, loose.bytes);
  }
  gitFiles.set('HEAD', Buffer.from(`ref: refs/heads/${BRANCH}\n`));
  gitFiles.set(`refs/heads/${BRANCH}`, Buffer.from(`${commits[commits.length - 1]}\n`));
  gitFiles.set('config', Buffer.from('[core]\n\trepositoryformatversion = 0\n\tfilemode = false\n\tbare = false\n'));
  gitFiles.set('index', indexFile(files));
  return { commits, gitFiles };
}
