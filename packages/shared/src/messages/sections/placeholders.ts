export const placeholders = {
  username: 'Seu nome de usuário',
  password: 'Sua senha',
  email: 'seu@email.com',
  select: 'Selecione',
  searchCountry: 'Buscar país',
  document: '000.000.000-00',
  date: 'DD/MM/AAAA',
  professionalRegistration: 'Ex.: CRP 06/123456',
  officeAddress: 'Ex.: Rua Augusta, 1500, sala 12 — Consolação, São Paulo/SP',
  pixKey: 'CPF, CNPJ, e-mail, telefone ou chave aleatória',
  money: '0,00',
} as const;
