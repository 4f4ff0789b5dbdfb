import type { Form, QaTemplate } from '@consultorio/shared';

/** Test data of the forms feature: one template with every field type, one scored like PHQ-9. */
export const everyTypeTemplate: QaTemplate = {
  id: '0b9f0a3c-41a5-4c2e-9f1d-2b5c6d7e8f90',
  name: 'Anamnese geral',
  description: '<p>Roteiro de <strong>anamnese</strong>.</p>',
  content: [
    {
      title: 'Identificação',
      fields: [
        { number: 1, label: 'Profissão', type: 'text', options: [] },
        {
          number: 2,
          label: 'Estado civil',
          type: 'select',
          options: [
            { value: 'Solteiro(a)', label: 'Solteiro(a)' },
            { value: 'Casado(a)', label: 'Casado(a)' },
          ],
        },
        { number: 3, label: 'Apelido', type: 'shorttext', options: [] },
        { number: 4, label: 'Alergias', type: 'string', options: [] },
      ],
    },
    {
      title: 'Hábitos',
      fields: [
        { number: 5, label: 'Motivo', type: 'textarea', options: [] },
        { number: 6, label: 'Doenças', type: 'longtext', options: [] },
        { number: 7, label: 'Dorme às', type: 'time', options: [] },
        { number: 8, label: 'Horas de sono', type: 'number', options: [] },
        {
          number: 9,
          label: 'Fuma?',
          type: 'radio',
          options: [
            { value: 'Sim', label: 'Sim' },
            { value: 'Não', label: 'Não' },
          ],
        },
      ],
    },
  ],
  scoring: null,
};

const frequency = [
  { value: '0', label: 'Nenhuma vez' },
  { value: '1', label: 'Vários dias' },
  { value: '2', label: 'Mais da metade dos dias' },
  { value: '3', label: 'Quase todos os dias' },
];

/** Three items of 0 to 3 points; an answer above 0 in item 3 raises an alert. */
export const scoredTemplate: QaTemplate = {
  id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  name: 'Mini PHQ',
  description: '',
  content: [
    {
      title: 'Últimas 2 semanas',
      fields: [
        { number: 1, label: 'Pouco interesse', type: 'radio', options: frequency },
        { number: 2, label: 'Desânimo', type: 'radio', options: frequency },
        { number: 3, label: 'Pensamentos de se ferir', type: 'radio', options: frequency },
      ],
    },
  ],
  scoring: {
    method: 'sum',
    label: 'Pontuação Mini PHQ',
    fields: [1, 2, 3],
    bands: [
      { min: 0, max: 4, label: 'Mínimo' },
      { min: 5, max: 9, label: 'Alto' },
    ],
    alerts: [{ field: 3, above: 0, message: 'Atenção ao item 3.' }],
  },
};

export const patientId = '3f0c2a8e-1b7d-4c59-9e2a-5d6f7a8b9c0d';

export function formOf(template: QaTemplate, changes: Partial<Form> = {}): Form {
  return {
    id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    name: 'Primeira consulta',
    qaTemplateId: template.id,
    qaTemplateName: template.name,
    patientId,
    content: {},
    publicToken: 'token-publico',
    isLocked: false,
    creationDate: '2025-03-05T17:30:00.000Z',
    lastUpdateDate: '2025-03-05T17:30:00.000Z',
    createdAt: '2025-03-05T17:30:00.000Z',
    ...changes,
  };
}
