export const success = {
  loggedOut: 'Sessão encerrada.',
} as const;
