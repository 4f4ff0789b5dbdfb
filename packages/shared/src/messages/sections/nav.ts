export const nav = {
  dashboard: 'Início',
  /** The logo's link: its visible text first, then where it goes. */
  home: 'Consultório – Início',
  patients: 'Pacientes',
  account: 'Minha Conta',
  logout: 'Sair',
  loggingOut: 'Saindo...',
  assistant: 'Assistente',
  forms: 'Formulários',
  records: 'Prontuários',
  billing: 'Faturamento',
  finance: 'Financeiro',
  agenda: 'Agenda',
} as const;
