export const login = {
  title: 'Entrar',
  subtitle: 'Acesse sua conta do Consultório',
  submit: 'Entrar',
  submitting: 'Entrando...',
  forgotUsername: 'Esqueci meu usuário',
  forgotPassword: 'Esqueci minha senha',
  noAccount: 'Ainda não tem conta?',
  registerLink: 'Cadastre-se',
} as const;
