export const recovery = {
  usernameTitle: 'Recuperar usuário',
  usernameNote: 'Você receberá seu nome de usuário por e-mail',
  passwordTitle: 'Recuperar senha',
  passwordNote: 'Você receberá uma nova senha por e-mail',
  submit: 'Recuperar',
  sent: 'Se o e-mail estiver cadastrado, você receberá uma mensagem em instantes.',
} as const;
