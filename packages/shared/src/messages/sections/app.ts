export const app = {
  name: 'Consultório',
  unexpectedError: 'Unexpected Application Error!',
  loading: 'Carregando…',
  notifications: 'Notificações',
} as const;
