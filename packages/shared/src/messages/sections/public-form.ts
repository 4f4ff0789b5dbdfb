export const publicForm = {
  title: 'Formulário',
  patient: 'Paciente',
  professional: 'Profissional',
  /** The patient's button: sends the answers, which locks the form (the professional's page keeps 'Salvar'). */
  submit: 'Enviar respostas',
  /** An answer saved through the link without sending (PUT /v1/forms/public/content). */
  saved: 'Respostas salvas.',
  locked: 'Este formulário não está disponível para edição.',
  notFound: 'Formulário não encontrado',
} as const;
