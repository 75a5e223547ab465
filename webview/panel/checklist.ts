/**
 * A list of checkboxes that is updated in place: ticking one re-renders the explorer, and
 * rebuilding the list would take keyboard focus away from the box just ticked.
 */
import { h } from '../shared/dom';
import type { VscodeCheckbox } from '../shared/elements';
import { checkbox } from '../shared/elements';

export interface ChecklistItem {
  key: string;
  checked: boolean;
  disabled?: boolean;
}

export class Checklist {
  readonly element = h('div', { class: 'checklist' });
  private readonly boxes = new Map<string, VscodeCheckbox>();
  private readonly empty = h('p', { class: 'field-note' });

  constructor(private readonly onChange: (key: string, checked: boolean) => void) {}

  update(items: readonly ChecklistItem[], emptyText: string): void {
    const focused = [...this.boxes.values()].findIndex(
      (b) => b === document.activeElement || b.contains(document.activeElement),
    );
    const wanted = new Set(items.map((i) => i.key));
    for (const [key, box] of this.boxes) {
      if (!wanted.has(key)) {
        this.boxes.delete(key);
        box.remove();
      }
    }
    const ordered = items.map((item) => {
      let box = this.boxes.get(item.key);
      if (!box) {
        box = checkbox(item.key, item.checked, (checked) => this.onChange(item.key, checked));
        this.boxes.set(item.key, box);
      }
      box.checked = item.checked;
      box.disabled = item.disabled === true;
      return box;
    });
    // Insert only what is missing or out of place, so a focused box stays in the document.
    let previous: Element | null = null;
    for (const box of ordered) {
      const expected: Element | null = previous ? previous.nextElementSibling : this.element.firstElementChild;
      if (expected !== box) {
        this.element.insertBefore(box, expected);
      }
      previous = box;
    }
    if (items.length === 0) {
      this.empty.textContent = emptyText;
      this.element.append(this.empty);
    } else {
      this.empty.remove();
    }
    // The focused box went away (e.g. a metric was un-picked): focus its neighbour instead.
    if (focused >= 0 && !this.element.contains(document.activeElement) && ordered.length > 0) {
      ordered[Math.min(focused, ordered.length - 1)].focus();
    }
  }
}
