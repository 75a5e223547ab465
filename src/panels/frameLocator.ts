// Stack frames open only in files the code index lists (`SourceIndex.fileMap`) of a folder bound to the application.
import { sourceLanguagesOfAgent } from '../code/symbols';
import type { WorkspaceSourceIndex } from '../code/workspaceSources';
import type { ErrorApplication } from '../errors/errorModel';
import type { StackFrame } from '../errors/stackFrame';
import type { BindingRegion } from '../status/binding';
import type { WorkspaceBindings } from '../status/workspaceBinding';
import type { FrameTarget } from './errorSource';

export interface FrameLocatorDeps {
  bindings: Pick<WorkspaceBindings, 'all'>;
  sources: Pick<WorkspaceSourceIndex, 'indexOf' | 'uriOf'>;
  /** The connection's region: an application id is unique only within one. */
  region(): BindingRegion | undefined;
}

export async function locateFrames(
  deps: FrameLocatorDeps,
  app: ErrorApplication,
  frames: readonly StackFrame[],
  signal: AbortSignal = new AbortController().signal,
): Promise<{ bound: boolean; targets: Array<FrameTarget | undefined> }> {
  const region = deps.region();
  const folders = deps.bindings
    .all()
    .filter(({ binding }) => binding.id === app.id && (region === undefined || binding.region === region))
    .map(({ folder }) => folder);
  const targets: Array<FrameTarget | undefined> = frames.map(() => undefined);
  const languages = sourceLanguagesOfAgent(app.language);
  for (const folder of folders) {
    const mapped = (await deps.sources.indexOf(folder).fileMap(languages, signal)).mapFrames(frames);
    mapped.forEach((path, i) => {
      const line = frames[i].line;
      const uri = path === undefined ? undefined : deps.sources.uriOf(folder, path);
      if (!targets[i] && frames[i].inApp && uri && line !== undefined) {
        // In a multi-root workspace the folder's name says which folder.
        const relativePath = folders.length > 1 ? `${folder.name}/${path}` : path!;
        targets[i] = { uri: uri.toString(), relativePath, line };
      }
    });
  }
  return { bound: folders.length > 0, targets };
}
