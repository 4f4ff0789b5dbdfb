import type { QaTemplate } from '@consultorio/shared';

/** Test data of the forms feature: one template with every field type, one scored like PHQ-9. */
export const everyTypeTemplate: QaTemplate = {
  id: '0b9f0a3c-41a5-4c2e-9f1d-2b5c6d7e8f90',
  name: 'Anamnese geral',
  description: '<p>Roteiro de <strong>anamnese</strong>.</p>',
  isOwn: false,
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
  isOwn: false,
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
