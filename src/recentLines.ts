/**
 * The last lines logged, for the integration tests' API. Only the test build creates one (services.ts),
 * so the production bundle holds none of it (test/unit/productionBundle.test.ts).
 */
/** The last `limit` lines, already redacted by the logger that pushes them. */
export class RecentLines {
  private readonly lines: string[] = [];
  constructor(private readonly limit = 2000) {}
  push(line: string): void {
    this.lines.push(line);
    if (this.lines.length > this.limit) {
      this.lines.shift();
    }
  }
  all(): readonly string[] {
    return this.lines;
  }
}
