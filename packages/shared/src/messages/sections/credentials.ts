/** The checks of the username and password fields (login, registration, password changes). */
export const credentials = {
  usernameRequired: 'O usuário é obrigatório',
  passwordRequired: 'A senha é obrigatória',
} as const;
