// One fresh copy of the sample workspace per opening, so no copy is ever written over while a window has it open.

export const DEMO_CODE_DIR = 'demo-code';
export const DEMO_WORKSPACE_FILE = 'demo.code-workspace';
// Every action of storefront-web's orders controller has a transaction with numbers (samples/demo-workspace/README.md).
export const FIRST_FILE = 'storefront-web/app/controllers/orders_controller.rb';
/** Beside a copy once its window opened the first file: the next window of that copy opens nothing by itself. */
export const OPENED_SUFFIX = '.opened';
/** Copies older than this are removed when a new one is made: about 60 KB each, a user's edits in them kept a week. */
export const DEMO_CODE_KEEP_MS = 7 * 24 * 3_600_000;

export function copyFolderName(now: number): string {
  return new Date(now).toISOString().replace(/[:.]/g, '-');
}

/** When the copy (or its marker) `name` was made, or undefined for a name Open the Demo's Code did not give. */
export function copyTime(name: string): number | undefined {
  const m = /^(\d{4}-\d\d-\d\d)T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z(?:\.opened)?$/.exec(name);
  if (!m) {
    return undefined;
  }
  const ms = Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

export function staleCopies(names: readonly string[], now: number): string[] {
  return names.filter((name) => {
    const made = copyTime(name);
    return made !== undefined && now - made > DEMO_CODE_KEEP_MS;
  });
}

/** Paths are `/`-separated (URI paths). */
export function demoCopyOf(storagePath: string, workspaceFile: string | undefined): string | undefined {
  const root = `${storagePath.replace(/\/+$/, '')}/${DEMO_CODE_DIR}/`;
  if (workspaceFile === undefined || !workspaceFile.startsWith(root)) {
    return undefined;
  }
  const rest = workspaceFile.slice(root.length).split('/');
  return rest.length === 2 && rest[1] === DEMO_WORKSPACE_FILE && copyTime(rest[0]) !== undefined
    ? `${root}${rest[0]}`
    : undefined;
}
