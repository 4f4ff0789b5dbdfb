export const app = {
  name: 'Consultório',
  loading: 'Carregando…',
  notifications: 'Notificações',
  /** What stands in for a page that could not be loaded or drawn (components/load-failure.tsx). */
  loadFailure: {
    title: 'Não foi possível abrir esta página',
    text: 'Talvez a conexão tenha caído ou o Consultório tenha sido atualizado enquanto a página estava aberta. O que já foi salvo não se perdeu.',
    retry: 'Tentar de novo',
  },
  /** A field or the record's editor whose code could not be loaded when reached for (lib/stand-in-slot.tsx). */
  controlLoadFailure: 'Não foi possível carregar este campo. Verifique a conexão e tente de novo.',
} as const;
