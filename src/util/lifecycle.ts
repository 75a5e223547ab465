/**
 * Disposable ownership, after microsoft/vscode's lifecycle.ts as reused by vscode-pull-request-github:
 * disposing twice does nothing, and a disposable added after disposal is disposed at once.
 */

export interface IDisposable {
  dispose(): void;
}

export class DisposableStore implements IDisposable {
  private readonly items = new Set<IDisposable>();
  private disposed = false;

  add<T extends IDisposable>(item: T): T {
    if (this.disposed) {
      item.dispose();
    } else {
      this.items.add(item);
    }
    return item;
  }

  dispose(): void {
    if (this.disposed) {
      return;
    }
    this.disposed = true;
    const errors: unknown[] = [];
    for (const item of [...this.items].reverse()) {
      try {
        item.dispose();
      } catch (e) {
        errors.push(e);
      }
    }
    this.items.clear();
    if (errors.length > 0) {
      throw errors[0];
    }
  }
}

export abstract class Disposable implements IDisposable {
  private readonly store = new DisposableStore();

  protected _register<T extends IDisposable>(item: T): T {
    return this.store.add(item);
  }

  dispose(): void {
    this.store.dispose();
  }
}

/** Holds one disposable at a time; setting a new one disposes the old. */
export class MutableDisposable<T extends IDisposable> implements IDisposable {
  private current: T | undefined;
  private disposed = false;

  get value(): T | undefined {
    return this.current;
  }

  set value(next: T | undefined) {
    if (this.disposed) {
      next?.dispose();
      return;
    }
    if (next !== this.current) {
      this.current?.dispose();
      this.current = next;
    }
  }

  dispose(): void {
    this.disposed = true;
    this.current?.dispose();
    this.current = undefined;
  }
}

export function toDisposable(fn: () => void): IDisposable {
  let done = false;
  return {
    dispose: () => {
      if (!done) {
        done = true;
        fn();
      }
    },
  };
}
