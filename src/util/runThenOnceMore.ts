/**
 * A refresh that never runs twice at once: asked while it runs, it runs once more after it (once, however
 * often asked, and every caller asking meanwhile waits for that run), since what it looks at may have
 * changed since the running one looked.
 */
export class RunThenOnceMore {
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(private readonly work: () => Promise<void>) {}

  run(): Promise<void> {
    if (!this.running) {
      this.running = this.work().finally(() => {
        this.running = undefined;
      });
      return this.running;
    }
    this.queued ??= this.running.then(() => {
      this.queued = undefined;
      return this.run();
    });
    return this.queued;
  }
}
