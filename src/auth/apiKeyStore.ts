/**
 * API keys per region, in SecretStorage and nowhere else. Never logs a value.
 */
import * as vscode from 'vscode';

import type { Region } from '../api/regions';
import { Disposable } from '../util/lifecycle';

const PREFIX = 'timeslice.apiKey.';
export const KEY_REGIONS: readonly Region[] = ['us', 'eu', 'custom'];

export class ApiKeyStore extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<Region>());
  readonly onDidChange = this.changed.event;
  /** Keys read so far, so the logger can redact them without reading secrets on every line. */
  private readonly known = new Map<Region, string>();

  constructor(private readonly secrets: vscode.SecretStorage) {
    super();
    this._register(secrets.onDidChange((e) => {
      const region = KEY_REGIONS.find((r) => PREFIX + r === e.key);
      if (region) {
        this.known.delete(region);
        this.changed.fire(region);
      }
    }));
  }

  async get(region: Region): Promise<string | undefined> {
    const value = await this.secrets.get(PREFIX + region);
    if (value) {
      this.known.set(region, value);
    }
    return value || undefined;
  }

  async set(region: Region, key: string): Promise<void> {
    this.known.set(region, key);
    await this.secrets.store(PREFIX + region, key);
    // Fired here too: secrets.onDidChange is for changes made by other windows, and may come late.
    this.changed.fire(region);
  }

  async delete(region: Region): Promise<void> {
    this.known.delete(region);
    await this.secrets.delete(PREFIX + region);
    this.changed.fire(region);
  }

  async regionsWithKeys(): Promise<Region[]> {
    const out: Region[] = [];
    for (const r of KEY_REGIONS) {
      if (await this.get(r)) {
        out.push(r);
      }
    }
    return out;
  }

  /** Keys seen in this session, for redaction only. */
  knownValues(): string[] {
    return [...this.known.values()];
  }
}
