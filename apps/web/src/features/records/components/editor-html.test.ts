import { describe, expect, it } from 'vitest';
import { isBlankEditorHtml, normalizeSemanticHtml } from './editor-html';

describe('normalizeSemanticHtml', () => {
  it('turns the spaces Quill writes as &nbsp; back into spaces, keeping repeated ones', () => {
    expect(normalizeSemanticHtml('<p>um&nbsp;<strong>dois</strong>&nbsp;tr&ecirc;s</p>')).toBe(
      '<p>um <strong>dois</strong> tr&ecirc;s</p>',
    );
    expect(normalizeSemanticHtml('<p>a&nbsp;&nbsp;&nbsp;b</p>')).toBe('<p>a &nbsp;&nbsp;b</p>');
  });

  it('leaves a typed "&nbsp;" (escaped by Quill) alone', () => {
    expect(normalizeSemanticHtml('<p>&amp;nbsp;</p>')).toBe('<p>&amp;nbsp;</p>');
  });
});

describe('isBlankEditorHtml', () => {
  it('knows an empty editor', () => {
    expect(isBlankEditorHtml('<p></p>')).toBe(true);
    expect(isBlankEditorHtml('<p><br></p><p></p>')).toBe(true);
    expect(isBlankEditorHtml('')).toBe(true);
    expect(isBlankEditorHtml('<p>a</p>')).toBe(false);
    expect(isBlankEditorHtml('<p><img src="data:image/png;base64,AA=="></p>')).toBe(false);
  });
});
