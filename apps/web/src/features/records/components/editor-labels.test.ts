import { messages } from '@consultorio/shared';
import Quill from 'quill';
import { describe, expect, it } from 'vitest';
import { editorTextVariables, nameLinkTooltip, nameToolbar } from './editor-labels';

const e = messages.records.editor;

function editor() {
  const container = document.body.appendChild(document.createElement('div'));
  const host = container.appendChild(document.createElement('div'));
  const quill = new Quill(host, {
    theme: 'snow',
    modules: {
      toolbar: [[{ header: [1, 2, 3, false] }], ['bold', 'italic', 'underline', 'strike'], [{ list: 'ordered' }, { list: 'bullet' }], ['link'], ['clean']],
    },
  });
  const toolbar = (quill.getModule('toolbar') as { container: HTMLElement }).container;
  return { container, toolbar };
}

describe('nameToolbar', () => {
  it('names every button and the heading picker in Portuguese, with a tooltip', () => {
    const { toolbar } = editor();
    nameToolbar(toolbar);
    const names = [...toolbar.querySelectorAll('button, .ql-picker-label')].map((element) => element.getAttribute('aria-label'));
    expect(names).toEqual([e.heading, e.bold, e.italic, e.underline, e.strike, e.orderedList, e.bulletList, e.link, e.clean]);
    expect(toolbar.querySelector('button.ql-bold')?.getAttribute('title')).toBe(e.bold);
    expect([...toolbar.querySelectorAll('.ql-picker-item')].map((item) => item.getAttribute('aria-label'))).toEqual([e.heading1, e.heading2, e.heading3, e.normal]);
    expect(toolbar.getAttribute('role')).toBe('toolbar');
  });
});

describe('nameLinkTooltip', () => {
  it('replaces the quilljs.com example and names the address field', () => {
    const { container } = editor();
    const tooltip = container.querySelector<HTMLElement>('.ql-tooltip')!;
    nameLinkTooltip(tooltip);
    const input = tooltip.querySelector('input')!;
    expect(input.getAttribute('data-link')).toBe(e.linkPlaceholder);
    expect(input.getAttribute('aria-label')).toBe(e.linkInput);
    expect(tooltip.outerHTML).not.toContain('quilljs.com');
  });
});

describe('editorTextVariables', () => {
  it('are CSS strings of the catalogue texts', () => {
    expect(editorTextVariables).toMatchObject({ '--ql-text-enter-link': `"${e.linkEnter}"`, '--ql-text-save': `"${e.linkSave}"` });
  });
});
