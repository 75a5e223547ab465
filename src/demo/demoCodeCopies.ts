/**
 * Where Open the Demo's Code puts its copies of the sample workspace: one fresh folder per opening
 * under the extension's global storage, named after the time it was made, so no copy is ever written
 * over while a window has it open. Pure: names and paths in, names and paths out.
 */

/** The folder under the extension's global storage that holds the copies. */
export const DEMO_CODE_DIR = 'demo-code';
/** The multi-root workspace file of the sample (samples/demo-workspace), opened in the new window. */
export const DEMO_WORKSPACE_FILE = 'demo.code-workspace';
/**
 * The file a fresh copy opens first: storefront-web's orders controller, whose every action has a
 * transaction with numbers in the demo (samples/demo-workspace/README.md).
 */
export const FIRST_FILE = 'storefront-web/app/controllers/orders_controller.rb';
/** Beside a copy once its window opened the first file: the next window of that copy opens nothing by itself. */
export const OPENED_SUFFIX = '.opened';
/** Copies older than this are removed when a new one is made: about 60 KB each, a user's edits in them kept a week. */
export const DEMO_CODE_KEEP_MS = 7 * 24 * 3_600_000;

/** A copy's folder name for `now`: its ISO time with the characters a file name may not hold replaced. */
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

/** The entries of the copies folder to remove at `now` (anything else in it is left alone). */
export function staleCopies(names: readonly string[], now: number): string[] {
  return names.filter((name) => {
    const made = copyTime(name);
    return made !== undefined && now - made > DEMO_CODE_KEEP_MS;
  });
}

/**
 * The copy folder whose workspace file `workspaceFile` is, or undefined when the window's workspace is
 * not a copy made by Open the Demo's Code. Paths are `/`-separated (URI paths).
 */
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
