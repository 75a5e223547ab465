/**
 * Logging seam. The API client and simulator take a `Logger` through their constructors, so they run
 * in plain Node; the extension passes one backed by the "Timeslice" LogOutputChannel.
 */
import type { LogOutputChannel } from 'vscode';

import type { RecentLines } from './recentLines';

export interface Logger {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string | Error): void;
  /** A logger whose lines start with `[component]`. */
  scoped(component: string): Logger;
}

/** Keeps the secrets it is told about out of every line, whatever the caller passes. */
export function redact(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const s of secrets) {
    if (s.length >= 4) {
      out = out.split(s).join('[redacted]');
    }
  }
  return out;
}

type Sink = Pick<LogOutputChannel, 'trace' | 'debug' | 'info' | 'warn' | 'error'>;

export class ChannelLogger implements Logger {
  constructor(
    private readonly sink: Sink,
    private readonly secrets: () => Iterable<string> = () => [],
    private readonly prefix = '',
    private readonly recent?: RecentLines,
  ) {}

  private line(message: string): string {
    const line = redact(this.prefix + message, this.secrets());
    this.recent?.push(line);
    return line;
  }

  trace(message: string): void {
    this.sink.trace(this.line(message));
  }
  debug(message: string): void {
    this.sink.debug(this.line(message));
  }
  info(message: string): void {
    this.sink.info(this.line(message));
  }
  warn(message: string): void {
    this.sink.warn(this.line(message));
  }
  error(message: string | Error): void {
    const text = message instanceof Error ? `${message.message}${message.stack ? `\n${message.stack}` : ''}` : message;
    this.sink.error(this.line(text));
  }
  scoped(component: string): Logger {
    return new ChannelLogger(this.sink, this.secrets, `${this.prefix}[${component}] `, this.recent);
  }
}

/** Collects lines in memory (tests) or drops them. */
export class MemoryLogger implements Logger {
  readonly lines: string[];
  constructor(
    private readonly prefix = '',
    lines: string[] = [],
  ) {
    this.lines = lines;
  }
  private push(level: string, message: string | Error): void {
    this.lines.push(
      `${level} ${this.prefix}${message instanceof Error ? `${message.message}\n${message.stack ?? ''}` : message}`,
    );
  }
  trace(m: string): void {
    this.push('trace', m);
  }
  debug(m: string): void {
    this.push('debug', m);
  }
  info(m: string): void {
    this.push('info', m);
  }
  warn(m: string): void {
    this.push('warn', m);
  }
  error(m: string | Error): void {
    this.push('error', m);
  }
  scoped(component: string): Logger {
    return new MemoryLogger(`${this.prefix}[${component}] `, this.lines);
  }
}
