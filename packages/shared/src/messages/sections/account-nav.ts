export const accountNav = {
  label: 'Seções da conta',
  profile: 'Perfil',
  qaTemplates: 'Modelos de questionário',
  noteTemplates: 'Modelos de evolução',
  aiAssistants: 'Assistentes de IA',
} as const;
