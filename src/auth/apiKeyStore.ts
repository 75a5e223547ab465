/**
 * API keys per region, in SecretStorage and nowhere else. Never logs a value.
 */
import * as vscode from 'vscode';

import type { Region } from '../api/regions';
import { Disposable } from '../util/lifecycle';
import type { KeyRecord } from './keyRecord';
import { decodeKeyRecord, encodeKeyRecord } from './keyRecord';

const PREFIX = 'timeslice.apiKey.';
export const KEY_REGIONS: readonly Region[] = ['us', 'eu', 'custom'];

export class ApiKeyStore extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<Region>());
  readonly onDidChange = this.changed.event;
  /** Keys read so far, so the logger can redact them without reading secrets on every line. */
  private readonly known = new Map<Region, string>();

  constructor(private readonly secrets: vscode.SecretStorage) {
    super();
    this._register(
      secrets.onDidChange((e) => {
        const region = KEY_REGIONS.find((r) => PREFIX + r === e.key);
        if (region) {
          this.known.delete(region);
          this.changed.fire(region);
        }
      }),
    );
  }

  async record(region: Region): Promise<KeyRecord | undefined> {
    const record = decodeKeyRecord(await this.secrets.get(PREFIX + region));
    if (record) {
      this.known.set(region, record.key);
    }
    return record;
  }

  /** The stored key, whatever origin it was stored for: use `record()` to decide where it may go. */
  async get(region: Region): Promise<string | undefined> {
    return (await this.record(region))?.key;
  }

  /** A new key starts with no NerdGraph account chosen. */
  async set(region: Region, key: string, origin?: string, accountId?: number): Promise<void> {
    this.known.set(region, key);
    await this.secrets.store(
      PREFIX + region,
      encodeKeyRecord({ key, origin: region === 'custom' ? origin : undefined, accountId }),
    );
    // Fired here too: secrets.onDidChange is for changes made by other windows, and may come late.
    this.changed.fire(region);
  }

  async setAccount(region: Region, accountId: number): Promise<boolean> {
    const record = await this.record(region);
    if (!record) {
      return false;
    }
    await this.secrets.store(PREFIX + region, encodeKeyRecord({ ...record, accountId }));
    this.changed.fire(region);
    return true;
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

  knownValues(): string[] {
    return [...this.known.values()];
  }
}
