import { afterEach, describe, expect, it } from 'vitest';
import { draftToOffer, keepDraft, readDraft, removeDraft } from './record-drafts';
import { textAsParagraphs } from './record-addenda';

const recordId = '00000000-0000-4000-8000-000000000001';

describe('the record drafts kept in the browser', () => {
  afterEach(() => window.localStorage.clear());

  it('keeps the text with the version it was edited from, per record', () => {
    expect(keepDraft(recordId, '<p>Texto</p>', 3, new Date('2025-03-05T17:30:00.000Z'))).toBe(true);
    expect(readDraft(recordId)).toEqual({ content: '<p>Texto</p>', baseVersion: 3, keptAt: '2025-03-05T17:30:00.000Z' });
    expect(readDraft('00000000-0000-4000-8000-000000000002')).toBeNull();
    removeDraft(recordId);
    expect(readDraft(recordId)).toBeNull();
  });

  it('offers back only a text that differs from the server’s, and forgets one that does not', () => {
    keepDraft(recordId, '<p>Texto</p>', 3);
    expect(draftToOffer(recordId, '<p>Outro</p>')?.content).toBe('<p>Texto</p>');
    expect(draftToOffer(recordId, '<p>Texto</p>')).toBeNull();
    expect(readDraft(recordId)).toBeNull();
  });

  it('ignores what is not a draft', () => {
    window.localStorage.setItem(`consultorio.record-draft.${recordId}`, '{"content":1}');
    expect(readDraft(recordId)).toBeNull();
    window.localStorage.setItem(`consultorio.record-draft.${recordId}`, 'não é JSON');
    expect(readDraft(recordId)).toBeNull();
  });
});

describe('textAsParagraphs', () => {
  it('makes one escaped paragraph per non-empty line', () => {
    expect(textAsParagraphs('Primeira <linha>\n\n  Segunda & última  ')).toBe('<p>Primeira &lt;linha&gt;</p><p>Segunda &amp; última</p>');
    expect(textAsParagraphs('  \n ')).toBe('');
  });
});
