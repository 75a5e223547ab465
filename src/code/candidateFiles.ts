/**
 * Which listed files a transaction's code is most likely in, by the naming conventions of its
 * framework, for names that do not require a path (those carry `fileSuffixes`): a class in a file of
 * its own name (C#, Java, PHP; Rails's autoloader: `Billing::InvoiceJob` in `billing/invoice_job.rb`),
 * a Go function in a folder named after its package. Only a first look: when none of these files
 * serves the name, every file of the language is read. Pure; the paths come from the listing.
 */
import type { CodeTarget } from './transactionNames';

function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

function baseName(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return path.slice(slash + 1, dot > slash ? dot : undefined);
}

function parentFolder(path: string): string {
  const parts = path.split('/');
  return parts.length > 1 ? parts[parts.length - 2] : '';
}

/** The listed paths to read first for `target`; empty when its name suggests no file (routes, Go's `main`). */
export function candidateFiles(target: CodeTarget, paths: readonly string[]): string[] {
  if (target.kind === 'member') {
    const names = new Set([target.className, snake(target.className)]);
    return paths.filter((path) => names.has(baseName(path)));
  }
  if (target.kind === 'function' && target.namespace.length === 1 && target.namespace[0] !== 'main') {
    const pkg = target.namespace[0];
    return paths.filter((path) => parentFolder(path) === pkg);
  }
  return [];
}
