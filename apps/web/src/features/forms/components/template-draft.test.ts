import { computeScore, messages, type QaTemplate } from '@consultorio/shared';
import { describe, expect, it } from 'vitest';
import {
  changeFieldType,
  firstNumbers,
  moveField,
  descriptionText,
  draftErrors,
  draftFromTemplate,
  maskPoints,
  moveItem,
  newDraft,
  newField,
  newOption,
  previewTemplate,
  removeItem,
  replaceItem,
  toWriteRequest,
  type TemplateDraft,
} from './template-draft';

function sleepDraft(): TemplateDraft {
  return {
    name: 'Sono',
    description: 'Como você tem dormido.',
    sections: [
      {
        key: 's1',
        title: 'Hábitos',
        fields: [
          {
            key: 'f1',
            label: 'Dorme bem?',
            type: 'radio',
            options: [
              { key: 'o1', label: 'Sim', points: '0' },
              { key: 'o2', label: 'Não', points: '3' },
            ],
          },
          { key: 'f2', label: 'Que horas deita?', type: 'time', options: [{ key: 'o3', label: 'sobra', points: '' }] },
        ],
      },
      { key: 's2', title: 'Outros', fields: [{ key: 'f3', label: 'Comentários', type: 'textarea', options: [] }] },
    ],
  };
}

const phqLike: QaTemplate = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'PHQ-2',
  description: '<p>Nas últimas <strong>duas semanas</strong>:</p><p>linha 1<br>linha 2 &amp; mais</p>',
  content: [
    {
      title: 'Itens',
      fields: [
        { number: 1, label: 'Pouco interesse', type: 'radio', options: [{ value: '0', label: 'Nenhuma vez' }, { value: '3', label: 'Quase todos os dias' }] },
        { number: 2, label: 'Observações', type: 'longtext', options: [] },
      ],
    },
  ],
  scoring: { method: 'sum', label: 'Pontuação PHQ-2', fields: [1], bands: [], alerts: [] },
  isOwn: false,
};

describe('list edits', () => {
  it('moves an item up and down, and not past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('removes and replaces by position without changing the input', () => {
    const items = ['a', 'b', 'c'];
    expect(removeItem(items, 1)).toEqual(['a', 'c']);
    expect(replaceItem(items, 1, (item) => item.toUpperCase())).toEqual(['a', 'B', 'c']);
    expect(items).toEqual(['a', 'b', 'c']);
  });

  it('gives every new item its own key', () => {
    const keys = [newOption().key, newOption().key, newField().key, ...newDraft().sections.map((s) => s.key)];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('moveField', () => {
  const labels = (draft: TemplateDraft['sections']) => draft.map((section) => section.fields.map((field) => field.label));

  it('moves a question inside its section', () => {
    expect(labels(moveField(sleepDraft().sections, 0, 1, -1))).toEqual([['Que horas deita?', 'Dorme bem?'], ['Comentários']]);
  });

  it('moves a question past the edge of its section into the neighbour', () => {
    expect(labels(moveField(sleepDraft().sections, 0, 1, 1))).toEqual([['Dorme bem?'], ['Que horas deita?', 'Comentários']]);
    expect(labels(moveField(sleepDraft().sections, 1, 0, -1))).toEqual([['Dorme bem?', 'Que horas deita?', 'Comentários'], []]);
  });

  it('leaves the first and the last question where they are', () => {
    expect(labels(moveField(sleepDraft().sections, 0, 0, -1))).toEqual(labels(sleepDraft().sections));
    expect(labels(moveField(sleepDraft().sections, 1, 0, 1))).toEqual(labels(sleepDraft().sections));
  });

  it('numbers questions across sections', () => {
    expect(firstNumbers(sleepDraft().sections)).toEqual([1, 3]);
  });
});

describe('changeFieldType', () => {
  it('gives a new choice two empty options and keeps those it had', () => {
    const text = { ...newField(), type: 'text' as const, options: [] };
    expect(changeFieldType(text, 'select').options).toHaveLength(2);
    const radio = newField();
    expect(changeFieldType(radio, 'number').options).toBe(radio.options);
  });
});

describe('maskPoints', () => {
  it('keeps digits and a leading minus, at most four digits', () => {
    expect(maskPoints('12a3')).toBe('123');
    expect(maskPoints('-5')).toBe('-5');
    expect(maskPoints('3-')).toBe('3');
    expect(maskPoints('123456')).toBe('1234');
  });
});

describe('toWriteRequest', () => {
  it('sends options with their points only for choices', () => {
    const request = toWriteRequest(sleepDraft());
    expect(request.content[0]?.fields[0]?.options).toEqual([
      { label: 'Sim', points: 0 },
      { label: 'Não', points: 3 },
    ]);
    expect(request.content[0]?.fields[1]?.options).toEqual([]);
    expect(request.content[1]?.fields[0]).toEqual({ label: 'Comentários', type: 'textarea', options: [] });
  });

  it('sends no points for an option left blank', () => {
    const draft = sleepDraft();
    draft.sections[0]!.fields[0]!.options[0]!.points = '';
    expect(toWriteRequest(draft).content[0]?.fields[0]?.options?.[0]).toEqual({ label: 'Sim', points: null });
  });
});

describe('previewTemplate', () => {
  it('numbers fields across sections and options within a field, as the server does', () => {
    const { content } = previewTemplate(sleepDraft());
    expect(content.flatMap((section) => section.fields.map((field) => field.number))).toEqual([1, 2, 3]);
    expect(content[0]?.fields[0]?.options).toEqual([
      { value: '1', label: 'Sim', points: 0 },
      { value: '2', label: 'Não', points: 3 },
    ]);
    expect(content[0]?.fields[1]?.options).toEqual([]);
  });

  it('scores the fields whose options have points, so the preview shows the sum', () => {
    const { content, scoring } = previewTemplate(sleepDraft());
    expect(scoring).toMatchObject({ method: 'sum', label: messages.qaTemplates.scoreLabel, fields: [1] });
    expect(computeScore({ content, scoring: scoring! }, { '1': '2' })).toMatchObject({ total: 3, max: 3, answered: 1 });
  });

  it('is not scored without points, and names what is still blank', () => {
    const draft = newDraft();
    const { content, scoring } = previewTemplate(draft);
    expect(scoring).toBeNull();
    expect(content[0]?.title).toBe(messages.qaTemplates.sectionTitle);
    expect(content[0]?.fields[0]?.label).toBe(messages.qaTemplates.question(1));
  });
});

describe('draftFromTemplate', () => {
  it('reads a scored library questionnaire: values become points, aliases builder types', () => {
    const draft = draftFromTemplate(phqLike, 'PHQ-2 (cópia)');
    expect(draft.name).toBe('PHQ-2 (cópia)');
    const [first, second] = draft.sections[0]!.fields;
    expect(first?.options.map((option) => [option.label, option.points])).toEqual([
      ['Nenhuma vez', '0'],
      ['Quase todos os dias', '3'],
    ]);
    expect(second?.type).toBe('textarea');
  });

  it('keeps an own template points and round-trips through the request', () => {
    const { content, scoring } = previewTemplate(sleepDraft());
    const own: QaTemplate = { ...phqLike, description: '', content, scoring, isOwn: true };
    const request = toWriteRequest(draftFromTemplate(own));
    expect(request.content).toEqual(toWriteRequest(sleepDraft()).content);
  });
});

describe('descriptionText', () => {
  it('turns paragraphs into blank lines and breaks into new lines, dropping tags and entities', () => {
    expect(descriptionText(phqLike.description)).toBe('Nas últimas duas semanas:\n\nlinha 1\nlinha 2 & mais');
    expect(descriptionText('')).toBe('');
  });
});

describe('draftErrors', () => {
  it('is empty for a draft the API takes', () => {
    expect(draftErrors(sleepDraft())).toEqual({});
  });

  it('places each message at the draft path it concerns', () => {
    const draft = sleepDraft();
    draft.name = '';
    draft.sections[0]!.title = ' ';
    draft.sections[0]!.fields[0]!.options = [{ key: 'x', label: '', points: '' }];
    draft.sections[1]!.fields = [];
    const errors = draftErrors(draft);
    expect(errors['name']).toBeDefined();
    expect(errors['sections.0.title']).toBe(messages.validation.sectionTitleRequired);
    expect(errors['sections.0.fields.0.options']).toBe(messages.validation.optionsRequired);
    expect(errors['sections.0.fields.0.options.0.label']).toBe(messages.validation.optionLabelRequired);
    expect(errors['sections.1.fields']).toBe(messages.validation.sectionFieldsRequired);
  });
});
