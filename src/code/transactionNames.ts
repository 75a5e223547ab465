/**
 * What a transaction's metric name says about the code that serves it, per agent
 * (docs/service.md#agent-naming). Pure and table-tested. Names are foreign text: every part taken from one must be a plain identifier or a route path, or the name maps to nothing; a file
 * suffix built here is only ever compared with files already found in the workspace, never opened.
 */

export type CodeTarget =
  | {
      kind: 'member';
      className: string;
      member: string;
      namespace: readonly string[];
      /** Workspace-relative path endings the file must have (Rails, Python, Java, PHP's PSR-4). */
      fileSuffixes?: readonly string[];
    }
  | { kind: 'function'; name: string; namespace: readonly string[]; fileSuffixes?: readonly string[] }
  | { kind: 'route'; verb?: string; path: string }
  | { kind: 'routeName'; name: string };

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const RUBY_PATH_PART = /^[a-z0-9_]+$/;
const RUBY_ACTION = /^[A-Za-z_]\w*[?!]?$/;
const ROUTE_PATH = /^\/[\w\-./:{}*<>$@~+,;=%]*$/;
const MAX_NAME = 300;

function camelize(snake: string): string {
  return snake.replace(/(?:^|_)([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

function routePath(path: string): string | undefined {
  const p = path.startsWith('/') ? path : `/${path}`;
  return ROUTE_PATH.test(p) && !p.split('/').includes('..') ? p : undefined;
}

function allIdentifiers(parts: readonly string[]): boolean {
  return parts.length > 0 && parts.every((p) => IDENTIFIER.test(p));
}

/** Ruby: `Controller/admin/users/show` → `Admin::UsersController#show` in app/controllers/admin/users_controller.rb. */
function ruby(name: string): CodeTarget | undefined {
  const controller = /^Controller\/(.+)\/([^/]+)$/.exec(name);
  if (controller) {
    const path = controller[1].split('/');
    if (!path.every((p) => RUBY_PATH_PART.test(p)) || !RUBY_ACTION.test(controller[2])) {
      return undefined; // Controller/Rack/…, Controller/Sinatra/…: no Rails controller behind them.
    }
    return {
      kind: 'member',
      className: `${camelize(path[path.length - 1])}Controller`,
      member: controller[2],
      namespace: path.slice(0, -1).map(camelize),
      fileSuffixes: [`app/controllers/${controller[1]}_controller.rb`],
    };
  }
  // Background jobs: `OtherTransaction/<dispatcher>/<Class>/<method>`, the class path in Ruby's `::` form.
  const job = /^OtherTransaction\/[^/]+\/([A-Z]\w*(?:::[A-Z]\w*)*)\/([A-Za-z_]\w*[?!]?)$/.exec(name);
  if (job) {
    const parts = job[1].split('::');
    return { kind: 'member', className: parts[parts.length - 1], member: job[2], namespace: parts.slice(0, -1) };
  }
  return undefined;
}

/** Python: `WebTransaction/Function/shop.views:ProductView.get` → `ProductView.get` in shop/views.py. */
function python(name: string): CodeTarget | undefined {
  // `@background_task()` functions: `OtherTransaction/Function/<module>:<qualname>` (PY background_task tests).
  const m = /^(?:WebTransaction|OtherTransaction(?:\/[^/]+)?)\/Function\/([\w.]+):([\w.<>]+)$/.exec(name);
  if (!m) {
    return undefined;
  }
  const module = m[1].split('.');
  const qualname = m[2].split('.');
  if (!allIdentifiers(module) || !qualname.every((p) => IDENTIFIER.test(p) || p === '<locals>')) {
    return undefined;
  }
  const fileSuffixes = [`${module.join('/')}.py`, `${module.join('/')}/__init__.py`];
  const last = qualname[qualname.length - 1];
  if (qualname.length === 1) {
    return { kind: 'function', name: last, namespace: [], fileSuffixes };
  }
  const owner = qualname[qualname.length - 2];
  // A function defined inside another (`make_view.<locals>.view`) is no class member.
  return owner === '<locals>'
    ? { kind: 'function', name: last, namespace: qualname.slice(0, -1), fileSuffixes }
    : { kind: 'member', className: owner, member: last, namespace: qualname.slice(0, -2), fileSuffixes };
}

/** Node: `WebTransaction/Expressjs/GET//api/items/:id` (verb, then the route after one more slash). */
function nodejs(name: string): CodeTarget | undefined {
  const m = /^WebTransaction\/(?:Expressjs|Restify)\/([A-Z]+)\/(.*)$/.exec(name);
  const path = m && routePath(m[2]);
  return path ? { kind: 'route', verb: m[1], path } : undefined;
}

/** Java: Spring's route form, its class/method form, and the traced-method segment `Java/<fqcn>/<method>`. */
function java(name: string): CodeTarget | undefined {
  const route = /^WebTransaction\/SpringController\/(.*) \(([A-Z]+)\)$/.exec(name);
  if (route) {
    const path = routePath(route[1]);
    return path ? { kind: 'route', verb: route[2], path } : undefined;
  }
  const byClass = /^WebTransaction\/SpringController\/([A-Z]\w*)\/([A-Za-z_]\w*)$/.exec(name);
  if (byClass) {
    return { kind: 'member', className: byClass[1], member: byClass[2], namespace: [] };
  }
  const segment = /^(?:Spring\/)?Java\/([\w.$]+)\/([A-Za-z_]\w*)$/.exec(name);
  if (segment) {
    const parts = segment[1].split('.');
    // A nested class (`Outer$Inner`) is declared inside the outer one, in the outer one's file.
    const classPath = parts[parts.length - 1].split('$');
    const pkg = parts.slice(0, -1);
    if (!allIdentifiers([...pkg, ...classPath])) {
      return undefined;
    }
    return {
      kind: 'member',
      className: classPath[classPath.length - 1],
      member: segment[2],
      namespace: pkg,
      fileSuffixes: [`${[...pkg, classPath[0]].join('/')}.java`],
    };
  }
  return undefined;
}

/** .NET: `WebTransaction/MVC/Orders/Details[/{id}]` and the segment `DotNet/OrdersController/Details`. */
function dotnet(name: string): CodeTarget | undefined {
  const mvc = /^WebTransaction\/MVC\/([A-Za-z_]\w*)\/([A-Za-z_]\w*)(?:\/.*)?$/.exec(name);
  if (mvc) {
    return { kind: 'member', className: `${mvc[1]}Controller`, member: mvc[2], namespace: [] };
  }
  const segment = /^DotNet\/([A-Za-z_]\w*Controller)\/([A-Za-z_]\w*)$/.exec(name);
  return segment ? { kind: 'member', className: segment[1], member: segment[2], namespace: [] } : undefined;
}

/** Go: `WebTransaction/Go/GET /users`, `…/Go//users`, or the older gin form `…/Go/GET main.listUsers`. */
function go(name: string): CodeTarget | undefined {
  const m = /^WebTransaction\/Go\/(?:([A-Z]+) )?(.+)$/.exec(name);
  if (!m) {
    return undefined;
  }
  const handler = /^([A-Za-z_]\w*)\.([A-Za-z_]\w*)$/.exec(m[2]);
  if (handler) {
    return { kind: 'function', name: handler[2], namespace: [handler[1]] };
  }
  const path = routePath(m[2]);
  return path ? { kind: 'route', ...(m[1] ? { verb: m[1] } : {}), path } : undefined;
}

/**
 * PHP: `WebTransaction/Action/App\Http\Controllers\InvoiceController@show` (Laravel) or
 * `…\ProductController::create` (Symfony), a route name, or a URI pattern; `WebTransaction/Uri/<path>`.
 */
function php(name: string): CodeTarget | undefined {
  const uri = /^WebTransaction\/Uri\/(.+)$/.exec(name);
  if (uri) {
    const path = routePath(uri[1]);
    return path ? { kind: 'route', path } : undefined;
  }
  const action = /^WebTransaction\/Action\/(.+)$/.exec(name)?.[1];
  if (!action) {
    return undefined;
  }
  const method = /^\\?([\w\\]+)(?:@|::)([A-Za-z_]\w*)$/.exec(action);
  if (method) {
    const parts = method[1].split('\\');
    if (!allIdentifiers(parts)) {
      return undefined;
    }
    // PSR-4: the first namespace part is the package root (App\ → app/ in Laravel, src/ in Symfony).
    return {
      kind: 'member',
      className: parts[parts.length - 1],
      member: method[2],
      namespace: parts.slice(0, -1),
      ...(parts.length > 1 ? { fileSuffixes: [`${parts.slice(1).join('/')}.php`] } : {}),
    };
  }
  if (action.startsWith('/')) {
    const path = routePath(action);
    return path ? { kind: 'route', path } : undefined;
  }
  return /^[\w.\-:]+$/.test(action) ? { kind: 'routeName', name: action } : undefined;
}

const RULES: Readonly<Record<string, (name: string) => CodeTarget | undefined>> = {
  ruby,
  python,
  nodejs,
  java,
  dotnet,
  go,
  php,
};

export function codeTargetOf(agentLanguage: string, metricName: string): CodeTarget | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are what a foreign name must not carry.
  if (metricName.length > MAX_NAME || /[\u0000-\u001f\u007f]/.test(metricName)) {
    return undefined;
  }
  return RULES[agentLanguage.toLowerCase()]?.(metricName);
}
