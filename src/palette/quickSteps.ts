/**
 * Quick inputs of one command shown as steps of one widget: a step's input stays up after Enter until
 * the next step is shown over it (VS Code swaps them without hiding the widget), and the last one goes
 * when the chain is disposed. A widget that hides between steps hands the keyboard back to the editor
 * for a moment, and an editor that grabs focus then (a walkthrough focuses its step 250 ms after it
 * gets focus) takes the next step's first keystrokes.
 */
import * as vscode from 'vscode';

export interface InputStepOptions {
  title: string;
  prompt?: string;
  placeholder?: string;
  value?: string;
  password?: boolean;
  validate?: (value: string) => string | undefined;
}

export class QuickSteps implements vscode.Disposable {
  private shown: vscode.QuickInput | undefined;

  /** A pick of `items`; undefined when dismissed. */
  pick<T extends vscode.QuickPickItem>(
    items: readonly T[],
    options: { title: string; placeholder?: string },
  ): Promise<T | undefined> {
    const pick = vscode.window.createQuickPick<T>();
    pick.title = options.title;
    pick.placeholder = options.placeholder;
    pick.items = items;
    return this.step(pick, (accept) =>
      pick.onDidAccept(() => {
        const chosen = pick.selectedItems[0] ?? pick.activeItems[0];
        if (chosen) {
          accept(chosen);
        }
      }),
    );
  }

  /** A line of text, accepted only when `validate` has nothing to say; undefined when dismissed. */
  input(options: InputStepOptions): Promise<string | undefined> {
    const box = vscode.window.createInputBox();
    box.title = options.title;
    box.prompt = options.prompt;
    box.placeholder = options.placeholder;
    box.value = options.value ?? '';
    box.password = options.password ?? false;
    const message = (v: string) => options.validate?.(v);
    return this.step(box, (accept) =>
      vscode.Disposable.from(
        box.onDidChangeValue((v) => (box.validationMessage = message(v))),
        box.onDidAccept(() => {
          box.validationMessage = message(box.value);
          if (box.validationMessage === undefined) {
            accept(box.value);
          }
        }),
      ),
    );
  }

  dispose(): void {
    this.shown?.dispose();
    this.shown = undefined;
  }

  private step<T>(
    input: vscode.QuickInput,
    listen: (accept: (value: T) => void) => vscode.Disposable,
  ): Promise<T | undefined> {
    input.ignoreFocusOut = true;
    return new Promise<T | undefined>((resolve) => {
      let settled = false;
      const subscriptions: vscode.Disposable[] = [];
      const settle = (value: T | undefined) => {
        if (!settled) {
          settled = true;
          vscode.Disposable.from(...subscriptions).dispose();
          resolve(value);
        }
      };
      subscriptions.push(
        listen((value) => settle(value)),
        input.onDidHide(() => settle(undefined)),
      );
      // Show the new step first, then let the old one go: the widget never hides in between.
      const previous = this.shown;
      this.shown = input;
      input.show();
      previous?.dispose();
    });
  }
}
