/**
 * Work a new session asks for (reload the tree, poll the bound applications), held while the window is
 * unfocused and run once focus returns, the latest per key: a key stored or a setting changed in
 * another window rebuilds the session in every window, and an unfocused one must send nothing
 * (docs/client-behaviour.md). No `vscode`: the connection manager forwards focus.
 */
export class FocusGate {
  private readonly held = new Map<string, () => void>();

  constructor(private focused: boolean) {}

  /** The keys of the work held until focus returns. */
  get heldKeys(): readonly string[] {
    return [...this.held.keys()];
  }

  /** Whether the window has focus, as last told. */
  get isFocused(): boolean {
    return this.focused;
  }

  /** Runs `work` now when the window has focus; else holds it (replacing any held under `key`) until it has. */
  run(key: string, work: () => void): void {
    if (this.focused) {
      this.held.delete(key);
      work();
    } else {
      this.held.set(key, work);
    }
  }

  setFocused(focused: boolean): void {
    this.focused = focused;
    if (focused) {
      const works = [...this.held.values()];
      this.held.clear();
      works.forEach((work) => work());
    }
  }
}
