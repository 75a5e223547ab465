/**
 * When the walkthrough opens by itself on a first start. It opens before anything can show an input, so it never
 * takes the keyboard from one the user started typing in. It counts as shown only once its tab appeared: VS Code's
 * own first-run walkthrough may hold the Welcome editor, and `workbench.action.openWalkthrough` does nothing then.
 */
import type { Clock } from './api/clock';
import type { IDisposable } from './util/lifecycle';
import { Disposable } from './util/lifecycle';

export interface TabView {
  /** The same value for the same tab across calls (VS Code's Tab object). */
  readonly identity: unknown;
  readonly label: string;
  /** The tab's editor is of a kind the API does not describe (the Welcome page and walkthroughs are). */
  readonly unknownKind: boolean;
  readonly active: boolean;
}

export interface WalkthroughWorkbench {
  tabs(): readonly TabView[];
  onDidChangeTabs(listener: () => void): IDisposable;
  /** Active only in an empty editor area, otherwise a tab behind what the user is reading or typing in. */
  open(): Thenable<unknown>;
  /** What the walkthrough's tab shows once rendered ("Walkthrough: <extension's display name>"). */
  readonly title: string;
}

export interface ShownFlag {
  get(): boolean;
  set(): Thenable<void>;
}

// It renders within ~1 s on a busy 2-core machine; a command the user started must not hang for long.
export const WALKTHROUGH_SETTLE_TIMEOUT_MS = 5_000;

/**
 * VS Code 1.100 focuses the walkthrough's step 250 ms after its page is built, whatever the opening asked for; the
 * tab is titled before that (on a busy 2-core machine, a quick pick shown 750 ms after the title lost the focus).
 */
export const WALKTHROUGH_STEP_FOCUS_MS = 2_500;

export class FirstRunWalkthrough extends Disposable {
  private settled: Promise<void> = Promise.resolve();
  private opening = false;
  private done = false;
  private tabListener: IDisposable | undefined;

  constructor(
    private readonly workbench: WalkthroughWorkbench,
    private readonly shown: ShownFlag,
    private readonly clock: Clock,
  ) {
    super();
    this.done = shown.get();
    if (!this.done) {
      this.tabListener = this._register(workbench.onDidChangeTabs(() => this.onTabsChanged()));
    }
  }

  start(): void {
    if (!this.done) {
      this.tryOpen();
    }
  }

  whenSettled(): Promise<void> {
    return this.settled;
  }

  private onTabsChanged(): void {
    // After a first attempt that found the Welcome editor held, or that VS Code ignored: the user
    // moved on, so try again (behind whatever they now look at).
    if (!this.done && !this.opening) {
      this.tryOpen();
    }
  }

  private tryOpen(): void {
    const tabs = this.workbench.tabs();
    if (tabs.some((t) => this.isOurs(t))) {
      void this.markShown();
      return;
    }
    // A Welcome page or another walkthrough is what the user sees: VS Code would ignore the request or
    // replace what they read. Wait for them to leave it (onTabsChanged).
    if (tabs.some((t) => t.active && t.unknownKind)) {
      return;
    }
    this.opening = true;
    const before = new Set(tabs.map((t) => t.identity));
    this.settled = new Promise<void>((resolve) => {
      let focusTimer: unknown;
      const finish = (): void => {
        listener.dispose();
        this.clock.clearTimeout(timer);
        this.clock.clearTimeout(focusTimer);
        this.opening = false;
        resolve();
      };
      const listener = this.workbench.onDidChangeTabs(() => {
        // A new tab of an unknown kind is the walkthrough even before it renders its title: it reached the user.
        const fresh = this.workbench.tabs().filter((t) => this.isOurs(t) || (t.unknownKind && !before.has(t.identity)));
        if (fresh.length > 0) {
          void this.markShown();
        }
        if (fresh.some((t) => !t.active)) {
          finish(); // Behind what the user reads: it takes no focus.
        } else if (focusTimer === undefined && fresh.some((t) => this.isOurs(t))) {
          // Titled: the step takes the focus a moment later, however late the title came; a command's input after.
          this.clock.clearTimeout(timer);
          focusTimer = this.clock.setTimeout(finish, WALKTHROUGH_STEP_FOCUS_MS);
        }
      });
      const timer = this.clock.setTimeout(finish, WALKTHROUGH_SETTLE_TIMEOUT_MS);
      this.workbench.open().then(undefined, finish);
    });
  }

  private isOurs(tab: TabView): boolean {
    return tab.unknownKind && tab.label.includes(this.workbench.title);
  }

  private async markShown(): Promise<void> {
    if (!this.done) {
      this.done = true;
      this.tabListener?.dispose();
      await this.shown.set();
    }
  }
}
