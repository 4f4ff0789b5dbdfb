/** The failures any request to the API may end with, whatever the page. */
export const requestErrors = {
  generic: 'Ocorreu um erro inesperado. Tente novamente.',
  network: 'Não foi possível conectar ao servidor. Verifique sua conexão.',
} as const;
