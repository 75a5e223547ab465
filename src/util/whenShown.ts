import type { Disposable, Event } from 'vscode';

/** Runs `run` now if `view` is on screen, and each time it comes on screen. */
export function whenShown(
  view: { readonly visible: boolean; onDidChangeVisibility: Event<unknown> },
  run: () => void,
): Disposable {
  if (view.visible) {
    run();
  }
  return view.onDidChangeVisibility(() => {
    if (view.visible) {
      run();
    }
  });
}
