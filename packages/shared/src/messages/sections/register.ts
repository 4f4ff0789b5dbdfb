export const register = {
  title: 'Criar conta',
  subtitle: 'Cadastre-se para usar o Consultório',
  submit: 'Cadastrar',
  submitting: 'Cadastrando...',
  passwordHint: 'Mín. 8 caracteres: 1 maiúscula, 1 minúscula e 1 número',
  hasAccount: 'Já tem conta?',
  loginLink: 'Entrar',
  successTitle: 'Confirme seu e-mail',
  successText:
    'Enviamos um link de confirmação para o seu e-mail. Abra a mensagem e clique no link para ativar sua conta.',
  resend: 'Reenviar e-mail',
  resendIn: (seconds: number) => `Reenviar e-mail em ${seconds} s`,
  goToLogin: 'Ir para o login',
  created: 'Cadastro realizado! Verifique seu e-mail para confirmar a conta.',
  resent: 'E-mail de confirmação reenviado.',
} as const;
