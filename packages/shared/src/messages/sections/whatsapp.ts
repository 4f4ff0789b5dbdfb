/**
 * Reminders and notices by WhatsApp (issue 32): the texts of the parameters the approved
 * templates receive, what the professional sees of the messages sent, and the webhook's answers.
 */
export const whatsapp = {
  optInLabel: 'Lembretes por WhatsApp',
  optInRecordedOn: (date: string) => `Consentimento registrado em ${date}.`,
  /** Under the switch, once the patient answered the stop word: turning it on again needs their new consent. */
  stoppedOn: (date: string) => `O paciente respondeu PARAR em ${date} e não recebe mais mensagens por WhatsApp. Reative só com um novo consentimento dele.`,
  optInHelp: 'O paciente concordou em receber lembretes e avisos das consultas no WhatsApp do celular acima. Ele pode responder PARAR a qualquer momento.',
  optInSince: (date: string) => `Consentimento registrado em ${date}`,
  /** The template's modality parameter: how the session happens, with the room link or the place. */
  whereOnline: (roomUrl: string | null) => (roomUrl ? `Online, pela sala: ${roomUrl}` : 'Online'),
  whereInPerson: (place: string | null) => (place ? `Presencial, em ${place}` : 'Presencial'),
  /** The reply to a patient who answered 'PARAR' (sent inside the 24 h window, so as plain text). */
  optedOutReply: 'Pronto: você não vai mais receber lembretes por WhatsApp. Fale com seu profissional se quiser voltar a recebê-los.',
  /** The word that opts a patient out (compared without case and accents). */
  stopWord: 'PARAR',
  confirmButton: 'Confirmar',
  cancelButton: 'Cancelar',
  messagesTitle: 'Lembretes e avisos enviados',
  messagesEmpty: 'Nenhum lembrete ou aviso foi enviado para esta consulta.',
  channel: { email: 'E-mail', whatsapp: 'WhatsApp' } as Record<'email' | 'whatsapp', string>,
  kind: {
    reminder: (hours: number | null) => (hours ? `Lembrete ${hours} h antes` : 'Lembrete'),
    /** A reminder sent later than its rule (the appointment was booked or moved inside it): how long before it really went. */
    reminderSentLate: (rule: number, sentHoursBefore: string) => `Lembrete de ${rule} h, enviado ${sentHoursBefore} antes`,
    cancelled: 'Aviso de cancelamento',
    moved: 'Aviso de remarcação',
  },
  status: { queued: 'Na fila', sent: 'Enviado', delivered: 'Entregue', read: 'Lido', failed: 'Falhou' } as Record<
    'queued' | 'sent' | 'delivered' | 'read' | 'failed',
    string
  >,
  fallback: 'Enviado por e-mail porque o WhatsApp falhou',
  /** The error kept for a failed message when WhatsApp gives no reason. */
  failedWithoutReason: 'WhatsApp falhou',
  answer: { confirmed: 'Paciente confirmou', cancelled: 'Paciente cancelou' } as Record<'confirmed' | 'cancelled', string>,
  noAnswer: 'Sem resposta',
  /** A confirmed session's title in the agenda. */
  /** When a reminder or a notice went out (the line above says which). */
  sentOn: (when: string) => `Enviado em ${when}.`,
  confirmedEventTitle: (name: string) => `✓ ${name}`,
  leadsEmail: 'Lembretes por e-mail',
  leadsWhatsapp: 'Lembretes por WhatsApp',
  leadsHelp: 'Escolha até três antecedências por canal. Sem nenhuma, o canal não envia lembretes.',
  leadOption: (hours: number) => (hours === 1 ? '1 hora antes' : `${hours} horas antes`),
  webhookProcessed: 'Notificação recebida.',
  errors: {
    notConfigured: 'O WhatsApp não está configurado neste servidor.',
    signatureInvalid: 'Assinatura do WhatsApp inválida.',
    verifyTokenInvalid: 'Token de verificação do WhatsApp inválido.',
  },
} as const;
