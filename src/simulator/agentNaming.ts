/** Every metric name an agent records for one operation, per agent language (docs/service.md#agent-naming). */

export interface WebOperation {
  /** Rails' controller path (`orders`, `admin/users`); the other frameworks' controller or module stem. */
  resource: string;
  /** Rails' action (`show`); the other frameworks' method names come from it (see ACTION_METHODS). */
  action: string;
  verb: string;
  /** The route with Rails/Express parameters (`/orders/:id`); `{id}` in Spring, Laravel, Go, ASP.NET. */
  route: string;
}

export interface AgentNames {
  transaction: string;
  apdex: string;
  errors: string;
  /** `WebTransactionTotalTime/…`, recorded by agents recent enough to report it (docs/service.md#response-time-breakdown). */
  totalTime: string;
  segment?: string;
}

/** The first segment swapped for `Apdex`, Ruby's `Controller/…` too (docs/service.md#agent-naming; the Ruby agent's `transaction.rb`). */
export function apdexNameOf(transaction: string): string {
  const slash = transaction.indexOf('/');
  return slash < 0 ? `Apdex/${transaction}` : `Apdex${transaction.slice(slash)}`;
}

export function errorsNameOf(transaction: string): string {
  return `Errors/${transaction}`;
}

/** `WebTransaction/Go/GET /users` → `WebTransactionTotalTime/Go/GET /users` (docs/service.md#agent-naming). */
export function totalTimeNameOf(transaction: string): string {
  return `WebTransactionTotalTime/${transaction.replace(/^WebTransaction\//, '')}`;
}

export function isWebTransaction(name: string): boolean {
  return name.startsWith('WebTransaction/') || name.startsWith('Controller/');
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** `orders` → `Order`, `search` → `Search`: the class stem Java, PHP and Python code gives a resource. */
export function singular(resource: string): string {
  const last = resource.split('/').pop() ?? resource;
  const stem = last.endsWith('ies') ? `${last.slice(0, -3)}y` : last.endsWith('s') ? last.slice(0, -1) : last;
  return stem.split('_').map(capitalize).join('');
}

/** Rails' action → the method name Spring code (Java) and ASP.NET MVC (C#) give it by convention. */
const ACTION_METHODS: Readonly<Record<string, { java: string; dotnet: string }>> = {
  index: { java: 'list', dotnet: 'Index' },
  show: { java: 'get', dotnet: 'Details' },
  create: { java: 'create', dotnet: 'Create' },
  update: { java: 'update', dotnet: 'Edit' },
};

function methodFor(action: string, language: 'java' | 'dotnet'): string {
  return ACTION_METHODS[action]?.[language] ?? (language === 'dotnet' ? capitalize(action) : action);
}

/** `/orders/:id` → `/orders/{id}` (Spring, Laravel, Go 1.22 patterns, ASP.NET templates). */
function braced(route: string): string {
  return route.replace(/:([A-Za-z_]\w*)/g, '{$1}');
}

export function javaPackageOf(appName: string): string {
  const word = (appName.split(/[^A-Za-z0-9]/)[0] || 'app').toLowerCase();
  return `com.example.${/^[a-z]/.test(word) ? word : `app${word}`}.web`;
}

export function dotnetNamespaceOf(appName: string): string {
  const word = (appName.split(/[^A-Za-z0-9]/)[0] || 'app').toLowerCase();
  return /^[a-z]/.test(word) ? capitalize(word) : `App${word}`;
}

/** Languages without a rule set get Ruby's form (none occurs in the data set); docs/service.md#agent-naming. */
function transactionOf(language: string, op: WebOperation, appName: string): { name: string; segment?: string } {
  const cls = singular(op.resource);
  switch (language) {
    case 'python': {
      // Django function views: `<app>.views:<view>`; the Python agent's Django tests name `shop.views:ProductView.get`.
      const qualname = `${op.resource.replace(/\//g, '.')}.views:${op.action}`;
      return { name: `WebTransaction/Function/${qualname}`, segment: `Function/${qualname}` };
    }
    case 'nodejs':
      // The double slash: the verb, then the route pattern with its own leading slash.
      return { name: `WebTransaction/Expressjs/${op.verb}/${op.route}` };
    case 'java':
      return {
        name: `WebTransaction/SpringController${braced(op.route)} (${op.verb})`,
        segment: `Java/${javaPackageOf(appName)}.${cls}Controller/${methodFor(op.action, 'java')}`,
      };
    case 'php':
      return { name: `WebTransaction/Action/App\\Http\\Controllers\\${cls}Controller@${op.action}` };
    case 'dotnet': {
      const controller = capitalize(op.resource.split('/').pop() ?? op.resource);
      const action = methodFor(op.action, 'dotnet');
      // ASP.NET Core: the action's parameters follow as `{name}` (docs/service.md#agent-naming `[/{params}]`).
      const params = [...op.route.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => `/{${m[1]}}`).join('');
      return {
        name: `WebTransaction/MVC/${controller}/${action}${params}`,
        segment: `DotNet/${controller}Controller/${action}`,
      };
    }
    case 'go':
      return { name: `WebTransaction/Go/${op.verb} ${braced(op.route)}` };
    default:
      return { name: `Controller/${op.resource}/${op.action}` };
  }
}

export function agentNamesOf(transaction: string, segment?: string): AgentNames {
  return {
    transaction,
    apdex: apdexNameOf(transaction),
    errors: errorsNameOf(transaction),
    totalTime: totalTimeNameOf(transaction),
    ...(segment ? { segment } : {}),
  };
}

export function webTransactionNames(language: string, op: WebOperation, appName: string): AgentNames {
  const { name, segment } = transactionOf(language, op, appName);
  return agentNamesOf(name, segment);
}

/**
 * A transaction whose name is given, not built (the test data set's HTML-special and Unicode names):
 * the text in the place the agent's form puts a controller path.
 */
export function namedTransaction(language: string, text: string): string {
  switch (language) {
    case 'python':
      return `WebTransaction/Function/${text}`;
    case 'nodejs':
      return `WebTransaction/Expressjs/GET//${text}`;
    case 'java':
      return `WebTransaction/SpringController/${text} (GET)`;
    case 'php':
      return `WebTransaction/Action/${text}`;
    case 'dotnet':
      return `WebTransaction/MVC/${text}`;
    case 'go':
      return `WebTransaction/Go/GET /${text}`;
    default:
      return `Controller/${text}`;
  }
}

export interface BackgroundJob {
  /** The job's class (Ruby, Java) or function (Python, Node) stem, e.g. `InvoiceReminder`. */
  stem: string;
}

/**
 * The agents' tests show Python's `OtherTransaction/Function/<module>:<qualname>` and Java's and .NET's
 * `OtherTransaction/Custom/<class>/<method>`; Node's, Go's and PHP's forms are readings (docs/service.md#agent-naming).
 */
export function backgroundTransactionName(language: string, job: BackgroundJob, appName: string): string {
  const snake = job.stem.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
  switch (language) {
    case 'python':
      return `OtherTransaction/Function/tasks:${snake}`;
    case 'nodejs':
      return `OtherTransaction/Nodejs/${snake.replace(/_/g, '-')}`;
    case 'java':
      return `OtherTransaction/Custom/${javaPackageOf(appName).replace(/\.web$/, '.jobs')}.${job.stem}Job/run`;
    case 'php':
      return `OtherTransaction/Action/App\\Jobs\\${job.stem}`;
    case 'dotnet':
      return `OtherTransaction/Custom/${dotnetNamespaceOf(appName)}.Services.${job.stem}Service/ExecuteAsync`;
    case 'go':
      return `OtherTransaction/Go/${snake}`;
    default:
      return `OtherTransaction/Background/${job.stem}Job/perform`;
  }
}
