// Raw responses as read-only documents: a content provider's documents cannot be edited or saved over.
import * as vscode from 'vscode';

import type { RawResponse } from '../api/timesliceApi';
import { rawTitle } from '../api/rest/endpoints';
import type { GraphqlRequestBody } from '../api/nerdgraph/nrqlQuery';
import type { ApiFormat } from '../api/types';
import { Disposable } from '../util/lifecycle';
import { prettyJson } from './items';

export const RAW_SCHEME = 'timeslice-raw';
/** Responses kept for reopening; older ones are dropped (their tabs then say so). */
const MAX_KEPT = 50;

export interface RawDocument {
  response: RawResponse;
  format: ApiFormat;
  title: string;
  /** Shown indented (JSON only); the default is the body exactly as sent. */
  pretty: boolean;
  /** A NerdGraph POST ("Run NRQL Query…"): its body; a REST GET of `response.url` otherwise. */
  graphql?: GraphqlRequestBody;
}

export interface GraphqlTab {
  title: string;
  graphql: GraphqlRequestBody;
}

export class RawResponseProvider extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly documents = new Map<string, RawDocument>();
  private counter = 0;
  private readonly changed = this._register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;

  constructor() {
    super();
    this._register(vscode.workspace.registerTextDocumentContentProvider(RAW_SCHEME, this));
  }

  add(response: RawResponse, format: ApiFormat, graphql?: GraphqlTab): vscode.Uri {
    const title = graphql?.title ?? rawTitle('GET', new URL(response.url).pathname, response.status);
    // The tab shows the path's last segment, so the title's slashes become look-alike division
    // slashes (U+2215); the number in front keeps two runs of one request apart.
    const uri = vscode.Uri.from({ scheme: RAW_SCHEME, path: `/${++this.counter}/${title.replace(/\//g, '\u2215')}` });
    this.documents.set(uri.toString(), {
      response,
      format,
      title,
      pretty: false,
      ...(graphql ? { graphql: graphql.graphql } : {}),
    });
    for (const key of this.documents.keys()) {
      if (this.documents.size <= MAX_KEPT) {
        break;
      }
      this.documents.delete(key);
    }
    return uri;
  }

  get(uri: vscode.Uri): RawDocument | undefined {
    return this.documents.get(uri.toString());
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const doc = this.get(uri);
    if (!doc) {
      return vscode.l10n.t(
        'This response is no longer kept. Run "Timeslice: Run API Request…" or "Timeslice: Run NRQL Query…" again.',
      );
    }
    return (doc.pretty && doc.format === 'json' ? prettyJson(doc.response.body) : undefined) ?? doc.response.body;
  }

  togglePretty(uri: vscode.Uri): boolean {
    const doc = this.get(uri);
    if (!doc || doc.format !== 'json' || prettyJson(doc.response.body) === undefined) {
      return false;
    }
    doc.pretty = !doc.pretty;
    this.changed.fire(uri);
    return true;
  }

  async show(response: RawResponse, format: ApiFormat, graphql?: GraphqlTab): Promise<vscode.TextEditor> {
    const uri = this.add(response, format, graphql);
    let doc = await vscode.workspace.openTextDocument(uri);
    // The path ends in "(200)", not in an extension, so the mode is set here.
    doc = await vscode.languages.setTextDocumentLanguage(doc, format);
    return vscode.window.showTextDocument(doc, { preview: false });
  }
}
