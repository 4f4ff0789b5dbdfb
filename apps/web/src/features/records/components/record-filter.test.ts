import { describe, expect, it } from 'vitest';
import { recordOf } from '../../../test/fixtures';
import { filterByName as filterRecords, sortNewestFirst } from '../../../lib/named-items';

const older = recordOf({ id: '1', name: 'Avaliação Inicial', createdAt: '2025-01-01T10:00:00.000Z' });
const newer = recordOf({ id: '2', name: 'Retorno de março', createdAt: '2025-03-01T10:00:00.000Z' });

describe('sortNewestFirst', () => {
  it('puts the newest record first', () => {
    expect(sortNewestFirst([older, newer]).map((record) => record.id)).toEqual(['2', '1']);
  });
});

describe('filterRecords', () => {
  it('finds a piece of the name ignoring case and accents', () => {
    expect(filterRecords([older, newer], 'avaliacao').map((record) => record.id)).toEqual(['1']);
    expect(filterRecords([older, newer], '  MARÇO ').map((record) => record.id)).toEqual(['2']);
    expect(filterRecords([older, newer], 'xyz')).toEqual([]);
  });

  it('finds each word on its own, in any order, as the patient search does', () => {
    expect(filterRecords([older, newer], 'inicial avaliação').map((record) => record.id)).toEqual(['1']);
    expect(filterRecords([older, newer], 'marco retorno').map((record) => record.id)).toEqual(['2']);
    expect(filterRecords([older, newer], 'retorno inicial')).toEqual([]);
  });

  it('keeps everything for an empty search', () => {
    expect(filterRecords([older, newer], ' ')).toHaveLength(2);
  });
});
