/**
 * The demo's story (docs/impact.md, "The demo's story"): the last deployments of a showcase application
 * before the simulator started, whose revisions are the commits of the demo's git history
 * (src/demo/demoHistory.ts writes them; test/unit/demoHistory.test.ts checks that the SHAs agree), each
 * with what it did to its transactions. A data set made with `storyAnchorMs` has them at fixed offsets
 * before that instant, in place of the generated deployments of that span; without it, none.
 */
import type { SimApp } from './dataset';
import type { ErrorKind } from './errorCatalog';

/** What a deployment does to one web transaction (by its metric name) from then on. */
export interface StoryShift {
  transaction: string;
  /** Its response time, relative to before. */
  timeFactor?: number;
  /** Its errors, relative to before. */
  errorFactor?: number;
  /**
   * The class of the errors `errorFactor` adds (the share past 1×): one the transaction never threw
   * before, so the deployment brings a new error class (docs/errors.md, "New since a deployment").
   */
  newErrorKind?: ErrorKind;
}

export interface StoryDeployment {
  /** A commit of the demo's history, or a version that is none. */
  revision: string;
  /** Minutes before the anchor. */
  minutesBefore: number;
  user: string;
  description: string;
  changelog: string;
  shifts: readonly StoryShift[];
}

/** Per application name, oldest first. */
export const DEMO_STORY: Readonly<Record<string, readonly StoryDeployment[]>> = {
  'storefront-web': [
    {
      revision: 'v3.2.0',
      minutesBefore: 30 * 60,
      user: 'deploy-pipeline',
      description: 'Release v3.2.0',
      changelog: '- Tagged by the release pipeline; no such tag in the repository',
      shifts: [],
    },
    {
      revision: '999a733d0938d15071112cb15e57019495fa1673',
      minutesBefore: 26 * 60,
      user: 'mara.keller',
      description: 'Storefront: orders, carts, products, search and sessions',
      changelog: '- First deployment from the new repository',
      shifts: [],
    },
    {
      revision: '77b26b090d4e6b4e4eca14a961e772ea581d3765',
      minutesBefore: 20 * 60,
      user: 'Priya Natarajan',
      description: 'Products: list in-stock products through the scope',
      changelog: '- ProductsController#index reads Product.in_stock',
      shifts: [],
    },
    {
      revision: '545143b2f349ed4c19db94c701fdbcaf7dc8f3aa',
      minutesBefore: 9 * 60,
      user: 'mara.keller',
      description: 'Orders: load the line items with the order',
      changelog: '- OrdersController#show includes the line items',
      shifts: [{ transaction: 'Controller/orders/show', timeFactor: 2.5 }],
    },
    {
      revision: '0922c089f44c0f264cd45dc1089f778b7104a995',
      minutesBefore: 3 * 60,
      user: 'Priya Natarajan',
      description: 'Invoice reminders go through the mailers queue',
      changelog: '- InvoiceReminderJob is queued as :mailers',
      // The mailers queue was never created in SQS: each enqueue of the reminder fails (aws-sdk-sqs).
      shifts: [
        {
          transaction: 'Controller/orders/create',
          errorFactor: 30,
          newErrorKind: {
            errorClass: 'Aws::SQS::Errors::NonExistentQueue',
            message: 'The specified queue does not exist for this wsdl version.',
            status: 500,
          },
        },
      ],
    },
  ],
};

/** One transaction's shift in a minute: the factors on its time and errors, and the class the added errors have. */
export interface MinuteShift {
  time: number;
  errors: number;
  newErrorKind?: ErrorKind;
}

/** Shifts of one minute, per transaction name. */
export type MinuteShifts = ReadonlyMap<string, MinuteShift>;

/** The story's deployments of `app` on the data clock (minutes), oldest first; undefined without one. */
export function storyMinutes(app: SimApp): Array<{ minute: number; deployment: StoryDeployment }> | undefined {
  const story = DEMO_STORY[app.name];
  if (app.storyAnchor === undefined || !story || !app.reporting) {
    return undefined;
  }
  const anchor = app.storyAnchor;
  const last = app.storyUntil === undefined ? -1 : story.findIndex((d) => d.revision.startsWith(app.storyUntil!));
  return story
    .slice(0, last >= 0 ? last + 1 : story.length)
    .map((deployment) => ({ minute: anchor - deployment.minutesBefore, deployment }));
}

/** The data-clock minutes in which the story replaces generated deployments: [first, anchor]. */
export function storySpan(app: SimApp): [number, number] | undefined {
  const minutes = storyMinutes(app);
  return minutes && [minutes[0].minute, app.storyAnchor!];
}

/** The shifts in data-clock `minute` while the story's deployments are the last ones (`storyLast`). */
export function storyShifts(app: SimApp, minute: number): MinuteShifts | undefined {
  const minutes = storyMinutes(app);
  if (!minutes || minute < minutes[0].minute) {
    return undefined;
  }
  const out = new Map<string, MinuteShift>();
  for (const { minute: at, deployment } of minutes) {
    if (at > minute) {
      break;
    }
    for (const s of deployment.shifts) {
      const was = out.get(s.transaction) ?? { time: 1, errors: 1 };
      const kind = s.newErrorKind ?? was.newErrorKind;
      out.set(s.transaction, {
        time: was.time * (s.timeFactor ?? 1),
        errors: was.errors * (s.errorFactor ?? 1),
        ...(kind ? { newErrorKind: kind } : {}),
      });
    }
  }
  return out.size > 0 ? out : undefined;
}
