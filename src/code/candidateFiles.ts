// Only a first look (Rails's autoloader: `Billing::InvoiceJob` in `billing/invoice_job.rb`): when none of
// these files serves the name, every file of the language is read.
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
