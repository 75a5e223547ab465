// NerdGraph does not infer the account from the key (docs/service.md#accounts): it is given or chosen once.
import * as l10n from '@vscode/l10n';

import { checkId } from '../rest/requests';
import { SharedRequest } from '../sharedRequest';
import type { RequestOptions } from '../types';
import { asNumber, asRecord, asString } from './entities';

export interface NerdGraphAccount {
  id: number;
  name: string;
}

/** Chooses the account from the key's accounts, or throws (an ApiError of kind `noAccount`). */
export type AccountResolver = (listAccounts: () => Promise<NerdGraphAccount[]>) => Promise<number>;

export class AccountChoice {
  private value: number | undefined;
  private readonly resolve: AccountResolver | undefined;
  /** The resolution in flight, shared by concurrent first requests (sharedRequest.ts); a failure is asked again. */
  private resolving: SharedRequest<number> | undefined;

  constructor(given: number | AccountResolver) {
    if (typeof given === 'number') {
      this.value = checkId(given, l10n.t('An account'));
    } else {
      this.resolve = given;
    }
  }

  id(list: (options: RequestOptions) => Promise<NerdGraphAccount[]>, options?: RequestOptions): Promise<number> {
    if (this.value !== undefined) {
      return Promise.resolve(this.value);
    }
    if (!this.resolving || this.resolving.abandoned) {
      const current = new SharedRequest(async (signal) => {
        this.value = checkId(await this.resolve!(() => list({ ...options, signal })), 'An account');
        return this.value;
      });
      this.resolving = current;
      const done = () => {
        if (this.resolving === current) {
          this.resolving = undefined;
        }
      };
      current.outcome.then(done, done);
    }
    return this.resolving.wait(options?.signal);
  }
}

export function accountsFrom(list: unknown): NerdGraphAccount[] {
  return (Array.isArray(list) ? list : [])
    .map(asRecord)
    .filter((a) => asNumber(a.id) !== undefined)
    .map((a) => ({ id: asNumber(a.id)!, name: asString(a.name) ?? String(a.id) }));
}
