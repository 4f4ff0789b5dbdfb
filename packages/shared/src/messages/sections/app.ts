export const app = {
  name: 'Consultório',
  loading: 'Carregando…',
  notifications: 'Notificações',
  /** What stands in for a page that could not be loaded or drawn (components/load-failure.tsx). */
  loadFailure: {
    title: 'Não foi possível abrir esta página',
    text: 'A conexão pode ter caído, ou o Consultório foi atualizado enquanto a página estava aberta. O que já foi salvo continua guardado.',
    retry: 'Tentar de novo',
  },
} as const;
