import { describe, expect, it } from 'vitest';
import { formOf } from '../../../test/fixtures';
import { everyTypeTemplate } from '../testing/fixtures';
import { filterByName as filterForms, sortNewestFirst } from '../../../lib/named-items';

const older = formOf(everyTypeTemplate, { id: '1', name: 'Avaliação Inicial', createdAt: '2025-01-01T10:00:00.000Z' });
const newer = formOf(everyTypeTemplate, { id: '2', name: 'Retorno de março', createdAt: '2025-03-01T10:00:00.000Z' });

describe('sortNewestFirst', () => {
  it('puts the newest form first', () => {
    expect(sortNewestFirst([older, newer]).map((form) => form.id)).toEqual(['2', '1']);
  });
});

describe('filterForms', () => {
  it('finds a piece of the name ignoring case and accents', () => {
    expect(filterForms([older, newer], 'avaliacao').map((form) => form.id)).toEqual(['1']);
    expect(filterForms([older, newer], '  MARÇO ').map((form) => form.id)).toEqual(['2']);
    expect(filterForms([older, newer], 'xyz')).toEqual([]);
  });

  it('keeps everything for an empty search', () => {
    expect(filterForms([older, newer], ' ')).toHaveLength(2);
  });
});
