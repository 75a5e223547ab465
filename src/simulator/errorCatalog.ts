/**
 * The errors each agent's applications throw, in their language's style: classes with plausible
 * messages, the library frames around the application's own, and where the agent's server keeps the
 * code. The `test` data set adds messages that carry foreign-text hazards (markup, command links,
 * bidi controls, a very long line) for clients to render as plain text (docs/security.md).
 */
import type { AgentLanguage } from '../errors/stackFrame';

export interface ErrorKind {
  errorClass: string;
  message: string;
  /** The HTTP status the error answers with. */
  status: number;
}

const KINDS: Readonly<Record<AgentLanguage, readonly ErrorKind[]>> = {
  ruby: [
    { errorClass: 'ActiveRecord::RecordNotFound', message: "Couldn't find Order with 'id'=4711", status: 404 },
    { errorClass: 'NoMethodError', message: "undefined method 'total' for nil", status: 500 },
    { errorClass: 'Redis::TimeoutError', message: 'Connection timed out', status: 500 },
  ],
  python: [
    {
      errorClass: 'django.db.utils.OperationalError',
      message: 'could not connect to server: Connection refused',
      status: 500,
    },
    { errorClass: 'builtins:KeyError', message: "'customer_id'", status: 500 },
    { errorClass: 'django.http.response:Http404', message: 'No Order matches the given query.', status: 404 },
  ],
  java: [
    { errorClass: 'java.lang.IllegalStateException', message: 'Order 4711 is already shipped', status: 500 },
    {
      errorClass: 'java.lang.NullPointerException',
      message: 'Cannot invoke "Cart.items()" because "cart" is null',
      status: 500,
    },
    {
      errorClass: 'org.springframework.dao.QueryTimeoutException',
      message: 'Query timed out after 5000 ms',
      status: 500,
    },
  ],
  dotnet: [
    { errorClass: 'System.TimeoutException', message: 'The operation has timed out.', status: 500 },
    { errorClass: 'System.InvalidOperationException', message: 'Sequence contains no elements', status: 500 },
    { errorClass: 'System.ArgumentNullException', message: "Value cannot be null. (Parameter 'order')", status: 400 },
  ],
  nodejs: [
    { errorClass: 'TypeError', message: "Cannot read properties of undefined (reading 'id')", status: 500 },
    { errorClass: 'Error', message: 'connect ECONNREFUSED 10.0.3.17:5432', status: 502 },
    { errorClass: 'RangeError', message: 'Invalid array length', status: 500 },
  ],
  php: [
    {
      errorClass: 'Illuminate\\Database\\QueryException',
      message: 'SQLSTATE[HY000] [2002] Connection refused',
      status: 500,
    },
    { errorClass: 'ErrorException', message: 'Undefined array key "total"', status: 500 },
    {
      errorClass: 'Illuminate\\Database\\Eloquent\\ModelNotFoundException',
      message: 'No query results for model [App\\Models\\Order] 4711',
      status: 404,
    },
  ],
  go: [
    {
      errorClass: '*url.Error',
      message: 'Get "http://inventory:8080/stock": dial tcp 10.0.3.17:8080: connect: connection refused',
      status: 502,
    },
    { errorClass: '*errors.errorString', message: 'order not found', status: 404 },
    { errorClass: '*json.SyntaxError', message: "invalid character '}' looking for beginning of value", status: 400 },
  ],
};

/** Messages a client must show as text: markup, a command link, bidi controls, one very long line. */
export const HAZARD_MESSAGES: readonly string[] = [
  '<img src=x onerror=alert(1)> & "q" <b>not bold</b>',
  'Click [Set API Key](command:timeslice.setApiKey) or $(alert) now',
  'Order \u202Etxt.exe\u202C failed \u200B\u2066hidden\u2069',
  `Long: ${'x'.repeat(5000)}`,
];

/** The classes an application of `language` throws (Ruby's for a language without its own). */
export function errorKindsOf(language: string): readonly ErrorKind[] {
  return KINDS[agentLanguageOf(language)];
}

export function agentLanguageOf(language: string): AgentLanguage {
  return language in KINDS ? (language as AgentLanguage) : 'ruby';
}

/** Where each agent's server keeps the application's code (frames carry the server's paths, docs/errors.md). */
export const SERVER_ROOTS: Readonly<Record<AgentLanguage, string>> = {
  ruby: '/srv/app/',
  python: '/srv/app/',
  java: '',
  dotnet: '/src/',
  nodejs: '/srv/app/',
  php: '/var/www/html/',
  go: '/go/src/app/',
};

/** A library frame: where the error was raised below the application's code, or the framework above it. */
export interface LibraryFrame {
  path: string | null;
  line: number | null;
  name: string;
}

/** Per agent: the frames below the application's (raised there) and above it (the framework's dispatch). */
export const LIBRARY_FRAMES: Readonly<Record<AgentLanguage, { below: LibraryFrame[]; above: LibraryFrame[] }>> = {
  ruby: {
    below: [{ path: '/usr/local/bundle/gems/activerecord-7.1.3/lib/active_record/core.rb', line: 253, name: 'find' }],
    above: [
      {
        path: '/usr/local/bundle/gems/actionpack-7.1.3/lib/action_controller/metal/basic_implicit_render.rb',
        line: 6,
        name: 'send_action',
      },
      { path: null, line: null, name: 'process_action' },
    ],
  },
  python: {
    below: [{ path: '/usr/local/lib/python3.12/site-packages/django/db/models/query.py', line: 633, name: 'get' }],
    above: [
      {
        path: '/usr/local/lib/python3.12/site-packages/django/core/handlers/base.py',
        line: 197,
        name: '_get_response',
      },
      { path: null, line: null, name: 'inner' },
    ],
  },
  java: {
    below: [{ path: 'JdbcTemplate.java', line: 425, name: 'org.springframework.jdbc.core.JdbcTemplate.query' }],
    above: [
      { path: 'Method.java', line: 580, name: 'java.lang.reflect.Method.invoke' },
      { path: null, line: null, name: 'org.springframework.web.servlet.FrameworkServlet.service' },
    ],
  },
  dotnet: {
    below: [{ path: null, line: null, name: 'System.Threading.Tasks.Task.ThrowIfExceptional' }],
    // Microsoft's packages ship symbols with their build paths (`/_/src/…`).
    above: [
      {
        path: '/_/src/Mvc/Mvc.Core/src/Infrastructure/ActionMethodExecutor.cs',
        line: 68,
        name: 'Microsoft.AspNetCore.Mvc.Infrastructure.ActionMethodExecutor.Execute',
      },
    ],
  },
  nodejs: {
    below: [{ path: '/srv/app/node_modules/pg-pool/index.js', line: 45, name: 'Pool.connect' }],
    above: [
      { path: '/srv/app/node_modules/express/lib/router/layer.js', line: 95, name: 'Layer.handle' },
      { path: null, line: null, name: 'process.processTicksAndRejections' },
    ],
  },
  php: {
    below: [
      {
        path: '/var/www/html/vendor/laravel/framework/src/Illuminate/Database/Connection.php',
        line: 822,
        name: 'Illuminate\\Database\\Connection->runQueryCallback',
      },
    ],
    above: [
      {
        path: '/var/www/html/vendor/laravel/framework/src/Illuminate/Routing/Controller.php',
        line: 54,
        name: 'Illuminate\\Routing\\Controller->callAction',
      },
      { path: null, line: null, name: '{main}' },
    ],
  },
  go: {
    below: [{ path: '/usr/local/go/src/net/http/client.go', line: 602, name: 'net/http.(*Client).do' }],
    above: [
      {
        path: '/root/go/pkg/mod/github.com/newrelic/go-agent/v3@v3.33.0/newrelic/instrumentation.go',
        line: 98,
        name: 'github.com/newrelic/go-agent/v3/newrelic.WrapHandleFunc.func1',
      },
      { path: null, line: null, name: 'net/http.HandlerFunc.ServeHTTP' },
    ],
  },
};
