// Bound folders, else the unbound ones; never a folder bound to another application, whose controllers
// may have the same names.

export interface FolderWithBinding<F> {
  folder: F;
  binding: { id: number; region: string } | undefined;
}

/** `region`: the connection's, when known (an id is unique only within a region). */
export function codeFolders<F>(
  folders: ReadonlyArray<FolderWithBinding<F>>,
  app: { id: number; region?: string },
): F[] {
  const bound = folders.filter(
    ({ binding }) => binding?.id === app.id && (app.region === undefined || binding.region === app.region),
  );
  return (bound.length > 0 ? bound : folders.filter(({ binding }) => binding === undefined)).map((f) => f.folder);
}
