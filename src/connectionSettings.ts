/** Which settings a connection is made of: a change to any other never reconnects. No `vscode` import. */

/** VS Code's own `http.*` settings that change how we connect (Config reads them, `proxySettings`). */
export const HTTP_SETTING = {
  proxy: 'proxy',
  proxyStrictSSL: 'proxyStrictSSL',
  proxyAuthorization: 'proxyAuthorization',
  noProxy: 'noProxy',
  proxySupport: 'proxySupport',
} as const;

export const PROXY_SETTINGS = Object.values(HTTP_SETTING);

/**
 * The `timeslice.*` settings that need a new connection (like rust-analyzer's
 * `requiresServerReloadOpts`). Any other setting (the binding, the status bar, alerts, the interval,
 * the time zone) is read where it is used, and never reconnects, reloads panels or clears the tree.
 */
export const CONNECTION_SETTINGS = [
  'backend',
  'demo.backend',
  'region',
  'customBaseUrl',
  'responseFormat',
  'apiKeyHeader',
  'caCertificatePath',
  'requestTimeoutSeconds',
] as const;

/** Whether a configuration change touches a setting the connection is built from. */
export function requiresNewConnection(e: { affectsConfiguration(section: string): boolean }): boolean {
  return (
    CONNECTION_SETTINGS.some((s) => e.affectsConfiguration(`timeslice.${s}`)) ||
    PROXY_SETTINGS.some((s) => e.affectsConfiguration(`http.${s}`))
  );
}
