import type { Gender } from '../../constants/limits';
import { byGender } from '../../rules/gender';

export const dashboard = {
  welcome: (name: string) => `Olá, ${name}!`,
  /** Follows the professional's gender. */
  intro: (gender: Gender | null) =>
    `${byGender(gender, { male: 'Bem-vindo', female: 'Bem-vinda', neutral: 'Bem-vindo(a)' })} ao Consultório. Aqui você organiza seus pacientes, conversa com o assistente de IA, envia formulários e mantém seus prontuários em um só lugar.`,
  statsTitle: 'Seu consultório em números',
  stats: {
    patients: 'Pacientes',
    chats: 'Sessões com Assistente',
    forms: 'Formulários',
    records: 'Prontuários',
  },
  statsUnavailable: 'Não foi possível carregar os números agora.',
  receivable: {
    title: 'A receber',
    text: (patients: number) =>
      patients === 0 ? 'Nenhuma sessão realizada aguardando pagamento.' : patients === 1 ? 'De 1 paciente, por sessões já realizadas.' : `De ${patients} pacientes, por sessões já realizadas.`,
    open: 'Abrir Financeiro',
  },
  featuresTitle: 'O que você pode fazer',
  features: {
    patients: {
      title: 'Pacientes',
      text: 'Cadastre seus pacientes com contato, data de nascimento e foto, e encontre qualquer um deles pelo nome em segundos.',
    },
    chats: {
      title: 'Sessões com Assistente',
      text: 'Converse com um assistente de IA sobre cada caso, enviando textos, arquivos, formulários e prontuários do paciente.',
    },
    forms: {
      title: 'Formulários',
      text: 'Envie questionários e anamneses por um link para o paciente preencher, e acompanhe as respostas e pontuações.',
    },
    records: {
      title: 'Prontuários',
      text: 'Registre a evolução de cada paciente em texto formatado, com anexos, e imprima quando precisar.',
    },
  },
  supportTitle: 'Precisa de ajuda?',
  support: {
    technical: {
      title: 'Suporte técnico e treinamento',
      text: 'Dúvidas sobre o uso do sistema, problemas técnicos e treinamento da sua equipe.',
    },
    account: {
      title: 'Conta e dados cadastrais',
      text: 'Alterações de cadastro, acesso à conta e dados pessoais.',
    },
    billing: {
      title: 'Faturamento',
      text: 'Planos, pagamentos, cupons e notas fiscais.',
    },
  },
  supportWrite: 'Escrever e-mail',
} as const;
