export const success = {
  loggedIn: 'Bem-vindo!',
  loggedOut: 'Sessão encerrada.',
} as const;
