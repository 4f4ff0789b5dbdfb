import { messages } from '@consultorio/shared';
import type { CSSProperties } from 'react';

const e = messages.records.editor;

/** Each toolbar button by its class (and value, for a list), with its Portuguese name. */
const buttonNames: readonly { selector: string; name: string }[] = [
  { selector: 'button.ql-bold', name: e.bold },
  { selector: 'button.ql-italic', name: e.italic },
  { selector: 'button.ql-underline', name: e.underline },
  { selector: 'button.ql-strike', name: e.strike },
  { selector: 'button.ql-list[value="ordered"]', name: e.orderedList },
  { selector: 'button.ql-list[value="bullet"]', name: e.bulletList },
  { selector: 'button.ql-link', name: e.link },
  { selector: 'button.ql-clean', name: e.clean },
];

/** The heading picker's items by their value ('' is normal text). */
const headingNames: Record<string, string> = { '': e.normal, '1': e.heading1, '2': e.heading2, '3': e.heading3 };

function named(element: Element, name: string): void {
  element.setAttribute('aria-label', name);
  element.setAttribute('title', name);
}

/**
 * Names Quill's toolbar in Portuguese: every button gets an accessible name and a tooltip,
 * the heading picker and its items their names, the toolbar its group name.
 */
export function nameToolbar(toolbar: HTMLElement): void {
  toolbar.setAttribute('role', 'toolbar');
  toolbar.setAttribute('aria-label', e.toolbar);
  for (const { selector, name } of buttonNames) {
    for (const button of toolbar.querySelectorAll(selector)) named(button, name);
  }
  const picker = toolbar.querySelector('.ql-picker.ql-header');
  const label = picker?.querySelector('.ql-picker-label');
  if (label) named(label, e.heading);
  for (const item of picker?.querySelectorAll('.ql-picker-item') ?? []) {
    const name = headingNames[item.getAttribute('data-value') ?? ''];
    if (name) item.setAttribute('aria-label', name);
  }
}

/** The link box's address field: named, with a Portuguese example instead of Quill's quilljs.com. */
export function nameLinkTooltip(tooltip: HTMLElement): void {
  const input = tooltip.querySelector('input[type="text"]');
  if (!input) return;
  input.setAttribute('aria-label', e.linkInput);
  input.setAttribute('data-link', e.linkPlaceholder);
  input.setAttribute('placeholder', e.linkPlaceholder);
}

/** A CSS string literal of a text (for `content:`). */
function cssString(text: string): string {
  return JSON.stringify(text);
}

/**
 * The texts Quill's snow theme writes with CSS `content` ('Enter link:', 'Save', 'Heading 1'…),
 * in Portuguese, as custom properties that record-editor.css reads.
 */
export const editorTextVariables = {
  '--ql-text-visit': cssString(e.linkVisit),
  '--ql-text-enter-link': cssString(e.linkEnter),
  '--ql-text-edit': cssString(e.linkEdit),
  '--ql-text-save': cssString(e.linkSave),
  '--ql-text-remove': cssString(e.linkRemove),
  '--ql-text-normal': cssString(e.normal),
  '--ql-text-heading-1': cssString(e.heading1),
  '--ql-text-heading-2': cssString(e.heading2),
  '--ql-text-heading-3': cssString(e.heading3),
} as CSSProperties;
