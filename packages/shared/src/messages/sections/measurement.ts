import type { Gender } from '../../constants/limits';
import { byGender } from '../../rules/gender';

/** Measurement-based care: forms mailed and sent back, safety alerts, measurement plans and score trends. */
export const measurement = {
  // The form page
  sendByEmail: 'Enviar por e-mail',
  sendTitle: 'Enviar formulário por e-mail',
  sendText: 'O paciente recebe um e-mail com o seu nome e o link para preencher o formulário.',
  sendEmail: 'E-mail do destinatário',
  sendEmailHint: 'Deixe em branco para usar o e-mail do cadastro do paciente.',
  sent: (email: string) => `Formulário enviado para ${email}.`,
  linkValidUntil: (date: string) => `O link vale até ${date}.`,
  linkExpired: (date: string) => `O link expirou em ${date}. Envie o formulário por e-mail para renovar o prazo.`,
  linkNoExpiry: 'Este link não tem prazo de validade.',
  sentOn: (date: string) => `Enviado por e-mail em ${date}`,
  submittedOn: (date: string) => `Respostas enviadas pelo paciente em ${date}`,
  submittedBadge: 'Respondido',
  // The patient's page
  /** The professional thanks the patient: 'obrigado' agrees with whoever thanks, so it follows the professional's gender. */
  submitted: (professionalGender: Gender | null) =>
    `Respostas enviadas. ${byGender(professionalGender, { male: 'Obrigado', female: 'Obrigada', neutral: 'Obrigado(a)' })}!`,
  submittedText: 'Suas respostas foram enviadas ao profissional. Você já pode fechar esta página.',
  linkExpiredPublic: 'Este link expirou. Peça um novo ao seu profissional.',
  crisisTitle: 'Se você precisar de ajuda agora',
  /** Follows the patient's gender. */
  crisisText: (patientGender: Gender | null) =>
    `Você não está ${byGender(patientGender, { male: 'sozinho', female: 'sozinha', neutral: 'sozinho(a)' })}. Converse com alguém agora mesmo:`,
  crisisCvv: 'CVV: ligue 188, 24 horas, gratuito',
  crisisSamu: 'SAMU: ligue 192 em caso de emergência',
  // Safety alerts
  alertTitle: 'Alerta de segurança',
  alertsLabel: 'Alertas de segurança',
  alertText: (patient: string, form: string, date: string) => `${patient} enviou “${form}” em ${date} com uma resposta que pede atenção.`,
  acknowledge: 'Ciente',
  acknowledgeLabel: (patient: string) => `Marcar como ciente o alerta de ${patient}`,
  acknowledged: 'Alerta marcado como ciente.',
  acknowledgedBy: (who: string, date: string) => `Ciente: ${who}, em ${date}`,
  openForm: 'Abrir formulário',
  openTrends: 'Ver evolução',
  // The patient's measurement page
  title: 'Evolução',
  trendsTitle: 'Pontuações ao longo do tempo',
  trendsEmpty: 'Nenhum questionário com pontuação foi respondido pelo paciente ainda.',
  trendsLoading: 'Carregando gráfico…',
  chartLabel: (template: string) => `Gráfico das pontuações de ${template}`,
  tableCaption: (template: string) => `Pontuações de ${template}`,
  tableDate: 'Data',
  tableScore: 'Pontuação',
  tableBand: 'Faixa',
  tableAlert: 'Alerta',
  alertMark: 'Alerta de segurança',
  noAlert: '—',
  bandIncomplete: 'Incompleto',
  scoreOf: (score: number, max: number) => `${score} de ${max}`,
  firstScoreOnly: 'Só há uma pontuação até agora: a variação aparece a partir da segunda.',
  change: (delta: string, first: string) => `Variação desde a primeira pontuação (${first}): ${delta} pontos.`,
  reliableImprovement: (points: number) => `Melhora confiável (redução de ${points} pontos ou mais).`,
  reliableWorsening: (points: number) => `Piora confiável (aumento de ${points} pontos ou mais).`,
  noReliableChange: (points: number) => `Sem mudança confiável (é preciso uma variação de ${points} pontos ou mais).`,
  backToForms: 'Voltar para Formulários',
  // Measurement plans
  plansTitle: 'Planos de medição',
  plansText: 'Questionários com pontuação enviados ao paciente por e-mail, automaticamente.',
  plansEmpty: 'Nenhum plano de medição para este paciente.',
  newPlan: 'Novo plano',
  planTemplate: 'Questionário',
  planTrigger: 'Quando enviar',
  planIntervalWeeks: 'A cada quantas semanas',
  triggers: {
    before_appointment: 'Antes de cada consulta (24 horas antes)',
    interval: 'A cada N semanas',
  } as Record<'before_appointment' | 'interval', string>,
  planBeforeAppointment: (template: string) => `Enviar ${template} antes de cada consulta`,
  planInterval: (template: string, weeks: number) =>
    weeks === 1 ? `Enviar ${template} toda semana` : `Enviar ${template} a cada ${weeks} semanas`,
  planNextDue: (date: string) => `Próximo envio: ${date}`,
  planLastSent: (date: string) => `Último envio: ${date}`,
  planCreated: 'Plano de medição criado.',
  planDeleted: 'Plano de medição excluído.',
  deletePlan: 'Excluir plano',
  deletePlanLabel: (plan: string) => `Excluir o plano: ${plan}`,
  patientNeedsEmail: 'Cadastre o e-mail do paciente para que os questionários possam ser enviados.',
  // Form names of forms a plan creates
  planFormName: (template: string, date: string) => `${template} — ${date}`,
  // Validation and errors
  validation: {
    answersRequired: (numbers: string) => `Responda antes de enviar: pergunta(s) ${numbers}.`,
    answersEmpty: 'Responda ao menos uma pergunta antes de enviar.',
    triggerInvalid: 'Escolha quando enviar: antes de cada consulta ou a cada N semanas',
    intervalWeeksInvalid: (max: number) => `Informe um intervalo de 1 a ${max} semanas`,
    intervalWeeksOnlyForInterval: 'O intervalo em semanas só vale para planos “a cada N semanas”',
    alertStatusInvalid: 'Filtro de alertas inválido: use open ou all',
  },
  errors: {
    linkExpired: 'Este link expirou. Peça um novo ao seu profissional.',
    patientEmailMissing: 'O paciente não tem e-mail cadastrado. Informe um e-mail para enviar o formulário.',
    formNotSendable: 'Este formulário está bloqueado. Desbloqueie-o para enviá-lo de novo ao paciente.',
    alertNotFound: 'Alerta não encontrado',
    planNotFound: 'Plano de medição não encontrado',
    planExists: 'Este paciente já tem um plano igual.',
    templateNotScored: 'Escolha um questionário com pontuação (como PHQ-9 ou GAD-7).',
  },
  // E-mails
  mail: {
    formSubject: (professional: string) => `${professional} enviou um questionário para você`,
    formBody: (professional: string, form: string) => `${professional} pede que você preencha o questionário “${form}”.`,
    formBeforeAppointment: (when: string) => `Responda antes da sua consulta de ${when}.`,
    formValidUntil: (date: string) => `O link vale até ${date}. Ao terminar, use o botão “Enviar respostas”.`,
    formButton: 'Preencher questionário',
    formFooter: 'Suas respostas vão apenas para o profissional que enviou este e-mail. Em caso de crise, ligue para o CVV (188, 24 horas, gratuito) ou para o SAMU (192).',
    submittedSubject: (patient: string, form: string) => `${patient} enviou as respostas de “${form}”`,
    submittedBody: (patient: string, form: string) => `${patient} enviou as respostas do formulário “${form}”. Abra o Consultório para vê-las.`,
    submittedButton: 'Abrir formulário',
    submittedFooter: 'Por segurança, as respostas não vão por e-mail.',
    alertSubject: (patient: string) => `Alerta de segurança: respostas de ${patient}`,
    alertBody: (patient: string, form: string) =>
      `${patient} enviou as respostas do formulário “${form}”, e uma delas gerou um alerta de segurança que pede sua atenção imediata. Por segurança, as respostas não vão por e-mail: abra o Consultório para ver o alerta.`,
    alertButton: 'Ver o alerta',
    alertFooter: 'O alerta fica na sua tela inicial e na página do paciente até você marcar “Ciente”.',
  },
} as const;
