export const accountNav = {
  label: 'Seções da conta',
  profile: 'Perfil',
  qaTemplates: 'Modelos de questionário',
  aiAssistants: 'Assistentes de IA',
} as const;
