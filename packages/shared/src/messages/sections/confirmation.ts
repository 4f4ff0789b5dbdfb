export const confirmation = {
  registrationTitle: 'Confirmação de cadastro',
  emailUpdateTitle: 'Confirmação de e-mail',
  confirming: 'Confirmando...',
  invalidLink: 'Link inválido ou incompleto',
  redirecting: (seconds: number) => `Você será redirecionado em ${seconds} s.`,
  goNow: 'Ir para o login agora',
  registrationConfirmed: 'Cadastro confirmado! Você já pode entrar com seu usuário e senha.',
  emailUpdated: 'E-mail atualizado com sucesso.',
} as const;
