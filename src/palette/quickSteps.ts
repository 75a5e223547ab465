/**
 * A command's quick inputs as steps of one widget: a widget that hides between steps hands the keyboard to the
 * editor, and an editor that grabs focus then (a walkthrough focuses its step 250 ms later) takes the next
 * step's first keystrokes.
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
  private waiting: vscode.Disposable | undefined;
  private stoppedWhileWaiting = false;

  /** The user closed an answered step while the next one was loading: every later step answers undefined. */
  get stopped(): boolean {
    return this.stoppedWhileWaiting;
  }

  pick<T extends vscode.QuickPickItem>(
    items: readonly T[],
    options: { title: string; placeholder?: string; matchOnDescription?: boolean },
  ): Promise<T | undefined> {
    const pick = vscode.window.createQuickPick<T>();
    pick.title = options.title;
    pick.placeholder = options.placeholder;
    pick.matchOnDescription = options.matchOnDescription ?? false;
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

  /** Shows `input` over the step before, which then goes: the widget never hides in between. */
  present(input: vscode.QuickInput): void {
    input.ignoreFocusOut = true;
    this.waiting?.dispose();
    this.waiting = undefined;
    const previous = this.shown;
    this.shown = input;
    input.show();
    previous?.dispose();
  }

  /** `input` was answered: it stays up, busy, until the next step is presented or the chain ends. */
  hold(input: vscode.QuickInput): void {
    if (this.shown !== input) {
      return;
    }
    input.busy = true;
    this.waiting = input.onDidHide(() => {
      if (this.shown === input) {
        this.shown = undefined;
        this.stoppedWhileWaiting = true;
      }
    });
  }

  dispose(): void {
    this.waiting?.dispose();
    this.waiting = undefined;
    this.shown?.dispose();
    this.shown = undefined;
  }

  private step<T>(
    input: vscode.QuickInput,
    listen: (accept: (value: T) => void) => vscode.Disposable,
  ): Promise<T | undefined> {
    if (this.stopped) {
      input.dispose();
      return Promise.resolve(undefined);
    }
    return new Promise<T | undefined>((resolve) => {
      let settled = false;
      const subscriptions: vscode.Disposable[] = [];
      const settle = (value: T | undefined) => {
        if (!settled) {
          settled = true;
          vscode.Disposable.from(...subscriptions).dispose();
          if (value !== undefined) {
            this.hold(input);
          }
          resolve(value);
        }
      };
      subscriptions.push(
        listen((value) => settle(value)),
        input.onDidHide(() => settle(undefined)),
      );
      this.present(input);
    });
  }
}
