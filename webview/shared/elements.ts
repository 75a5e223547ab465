/**
 * The @vscode-elements components the panel uses (loaded as a script of their own, components.ts)
 * and small typed constructors for them. Selects are native `<select>`s styled with the
 * dropdown theme variables (media/panel.css): vscode-single-select with its option list, scrollable
 * and icon was about 45 KB of the webview bundle (budget 300 KB) for three short lists. They style themselves from the --vscode-* variables
 * through constructable stylesheets, which the panel's CSP (`style-src` without 'unsafe-inline')
 * allows.
 */
import type { VscodeButton } from '@vscode-elements/elements/dist/vscode-button/vscode-button.js';
import type { VscodeCheckbox } from '@vscode-elements/elements/dist/vscode-checkbox/vscode-checkbox.js';
import type { VscodeTextfield } from '@vscode-elements/elements/dist/vscode-textfield/vscode-textfield.js';

import { h } from './dom';

export type { VscodeButton, VscodeCheckbox, VscodeTextfield };

let defined = false;
/** Where the components' script is, and the page's nonce (the CSP admits no script without it). */
let componentsScript: { src: string; nonce: string } | undefined;

/**
 * Called by the panel bundle as it starts, from its own script element: the components' file is beside
 * it, or, when the bundle was written into the page, named by the element's `data-components`.
 */
export function locateComponents(bundle: HTMLScriptElement | SVGScriptElement | null): void {
  if (!(bundle instanceof HTMLScriptElement)) {
    return;
  }
  const src = bundle.dataset.components ?? (bundle.src ? new URL('panelComponents.js', bundle.src).href : '');
  if (src) {
    componentsScript = { src, nonce: bundle.nonce ?? '' };
  }
}

/**
 * Defines the components, once; the panel calls it after its first chart is drawn, or when it idles
 * before that. Until then the elements made below are plain placeholders (hidden by panel.css's
 * `:not(:defined)` rule) that upgrade in place: Lit keeps the properties set on them meanwhile. The
 * components and Lit are a sixth of the panel's code and their first render a good part of a new page's
 * work, none of which the first chart needs: they are a script of their own (webview/panel/components.ts),
 * fetched and parsed only now (docs/performance.md, click to chart).
 */
export function defineComponents(): void {
  if (defined || !componentsScript) {
    return;
  }
  defined = true;
  const script = document.createElement('script');
  script.nonce = componentsScript.nonce;
  script.src = componentsScript.src;
  document.head.append(script);
}

export interface Choice {
  value: string;
  label: string;
}

export function button(
  label: string,
  onClick: () => void,
  options: { secondary?: boolean; title?: string } = {},
): VscodeButton {
  const element = document.createElement('vscode-button');
  element.textContent = label;
  element.secondary = options.secondary === true;
  if (options.title) {
    element.title = options.title;
  }
  element.addEventListener('click', () => {
    if (!element.disabled) {
      onClick();
    }
  });
  return element;
}

/** A single select; `label` is its accessible name (the visible label is a separate element). */
export function select(
  label: string,
  choices: readonly Choice[],
  value: string,
  onChange: (value: string) => void,
): HTMLSelectElement {
  const element = document.createElement('select');
  element.className = 'select';
  element.setAttribute('aria-label', label);
  setChoices(element, choices, value);
  element.addEventListener('change', () => onChange(element.value));
  return element;
}

/** Replaces a select's options and selects `value`. */
export function setChoices(element: HTMLSelectElement, choices: readonly Choice[], value: string): void {
  element.replaceChildren(
    ...choices.map((c) => {
      const option = document.createElement('option');
      option.value = c.value;
      option.textContent = c.label;
      option.selected = c.value === value;
      return option;
    }),
  );
  element.value = value;
}

export function checkbox(label: string, checked: boolean, onChange: (checked: boolean) => void): VscodeCheckbox {
  const element = document.createElement('vscode-checkbox');
  element.label = label;
  element.checked = checked;
  element.addEventListener('change', () => onChange(element.checked));
  return element;
}

export function textfield(
  label: string,
  type: 'search' | 'datetime-local' | 'text',
  placeholder = '',
): VscodeTextfield {
  const element = document.createElement('vscode-textfield');
  // Set, not left to the component: until it is defined, the placeholder has no value of its own.
  element.value = '';
  element.type = type;
  element.label = label;
  if (placeholder) {
    element.placeholder = placeholder;
  }
  return element;
}

/** A visible label above a control, tied to it for pointer users (the control carries its own accessible name). */
export function field(labelText: string, control: HTMLElement, extraClass = ''): HTMLElement {
  const label = h('span', { class: 'field-label', 'aria-hidden': 'true' }, labelText);
  label.addEventListener('click', () => control.focus());
  return h('div', { class: `field${extraClass ? ` ${extraClass}` : ''}` }, label, control);
}
