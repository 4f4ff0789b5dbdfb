import type { Gender } from '../../constants/limits';
import { byGender } from '../../rules/gender';

/** Some of a receipt's sessions: how many, and their dates as a sentence. */
interface DatedSessions {
  count: number;
  dates: string;
}

export const finance = {
  title: 'Financeiro',
  month: 'Mês',
  previousMonth: 'Mês anterior',
  nextMonth: 'Próximo mês',
  received: 'Recebido',
  pending: 'A receber no mês',
  receivable: 'A receber (sessões realizadas)',
  byMethod: 'Recebido por forma de pagamento',
  methods: { pix: 'Pix', cash: 'Dinheiro', card: 'Cartão', transfer: 'Transferência', other: 'Outro' } as Record<
    'pix' | 'cash' | 'card' | 'transfer' | 'other',
    string
  >,
  paymentStatuses: { pending: 'Pendente', paid: 'Pago', waived: 'Isento' } as Record<'pending' | 'paid' | 'waived', string>,
  /** Beside a cancelled or missed session that is charged all the same ('cobrar falta'). */
  chargedMissed: { no_show: 'falta cobrada', cancelled: 'cancelada, cobrada' } as Record<'no_show' | 'cancelled', string>,
  pendingTitle: 'Sessões pendentes',
  pendingEmpty: 'Nenhuma sessão pendente neste mês.',
  pendingPatient: (name: string, balance: string) => `${name} — saldo ${balance}`,
  session: 'Sessão',
  sessionOf: (date: string) => `Sessão de ${date}`,
  selectSession: (date: string) => `Selecionar a sessão de ${date}`,
  fee: 'Valor',
  paid: 'Pago',
  balance: 'Saldo',
  /** Beside a session still ahead: listed to be paid in advance, not counted in the balance. */
  upcoming: 'a realizar',
  upcomingTotal: (total: string) => `A realizar: ${total}`,
  registerPayment: 'Registrar pagamento',
  registerPaymentFor: (name: string) => `Registrar pagamento de ${name}`,
  paymentTitle: (name: string) => `Registrar pagamento — ${name}`,
  amount: 'Valor recebido',
  method: 'Forma de pagamento',
  paidAt: 'Data do pagamento',
  note: 'Observação',
  selectedTotal: (count: number, total: string) => (count === 1 ? `1 sessão selecionada: ${total}` : `${count} sessões selecionadas: ${total}`),
  partialNote: 'Um valor menor que o total deixa o restante como saldo, quitando primeiro as sessões mais antigas.',
  paymentRegistered: (receipt: number) => `Pagamento registrado. Recibo nº ${receipt} emitido.`,
  receiptsTitle: 'Recibos emitidos',
  receiptsEmpty: 'Nenhum recibo emitido neste mês.',
  receiptNumber: 'Recibo',
  receiptNumberShort: (n: number) => `nº ${n}`,
  date: 'Data',
  patient: 'Paciente',
  payer: 'Pagador',
  payerDocument: 'CPF do pagador',
  /** Under a name in the receipts' table. */
  cpfLine: (cpf: string) => `CPF ${cpf}`,
  cpfMissing: 'CPF não informado',
  patientDocument: 'CPF do beneficiário',
  downloadReceipt: 'Baixar recibo',
  downloadReceiptLabel: (n: number) => `Baixar recibo nº ${n}`,
  emailReceipt: 'Enviar por e-mail',
  emailReceiptTitle: 'Enviar recibo por e-mail',
  emailReceiptNoAddress: 'Nem o paciente nem o responsável financeiro têm e-mail cadastrado. Para qual e-mail enviar o recibo?',
  emailReceiptLabel: (n: number) => `Enviar por e-mail o recibo nº ${n}`,
  receiptQueued: (email: string) => `O recibo será enviado para ${email} em instantes.`,
  voidReceipt: 'Cancelar recibo',
  voidReceiptLabel: (n: number) => `Cancelar o recibo nº ${n}`,
  voidTitle: (n: number) => `Cancelar o recibo nº ${n}?`,
  voidText: 'O recibo continua numerado e marcado como cancelado; o valor sai do total recebido e as sessões que ele pagou voltam a ficar em aberto.',
  voidReason: 'Motivo do cancelamento',
  voidReasonPlaceholder: 'Ex.: valor lançado errado',
  voidConfirm: 'Cancelar recibo',
  voidKeep: 'Manter recibo',
  voided: 'Cancelado',
  voidedOn: (date: string, reason: string) => `Cancelado em ${date}: ${reason}`,
  paymentVoided: (n: number) => `Recibo nº ${n} cancelado. As sessões que ele pagou voltaram a ficar em aberto.`,
  reportTitle: 'Relatório mensal (carnê-leão / Receita Saúde)',
  reportNote: 'Os pagamentos recebidos no mês, com o CPF de quem pagou e de quem foi atendido. O CSV abre direto no Excel ou no LibreOffice.',
  downloadCsv: 'Baixar CSV',
  total: 'Total',
  pixTitle: 'Cobrança Pix',
  pixCharge: 'Cobrar por Pix',
  pixChargeFor: (name: string) => `Cobrar por Pix de ${name}`,
  pixCopyPaste: 'Pix copia e cola',
  pixCopy: 'Copiar código',
  pixCopied: 'Código copiado',
  pixQrAlt: (amount: string) => `QR Code Pix de ${amount}`,
  pixEmail: 'Enviar também por e-mail ao pagador',
  pixCreated: 'Cobrança Pix criada.',
  pixEmailed: (email: string) => `Cobrança Pix criada e enviada para ${email}.`,
  pixAmount: (amount: string) => `Valor: ${amount}`,
  /** What the receipts still lack, as a list ('seu CPF e o endereço do consultório'). */
  profileIncomplete: (missing: string) => `Informe ${missing} em Minha conta para que os recibos tenham todos os dados.`,
  profileMissing: { document: 'seu CPF', professionalRegistration: 'seu registro profissional', city: 'a cidade', officeAddress: 'o endereço do consultório' },
  pixKeyMissing: 'Cadastre sua chave Pix em Minha conta para cobrar por Pix.',
  noFeeHint: 'Defina o valor da sessão no cadastro do paciente para que as sessões apareçam aqui.',
  patientSection: 'Financeiro',
  patientBalance: (balance: string) => `Saldo devedor: ${balance}`,
  patientNoBalance: 'Nenhum saldo em aberto.',
  patientLastPayments: 'Últimos pagamentos',
  payerSection: 'Responsável financeiro',
  payerNote: 'Preencha quando outra pessoa paga as sessões (por exemplo, pai ou mãe de uma criança). O recibo sai no nome dela e, com o e-mail preenchido, recibos e cobranças Pix vão para ela, assim como os lembretes e avisos de consulta de um paciente menor de 18 anos.',
  sessionFeeNote: 'Copiado para cada nova consulta; pode ser alterado em cada uma.',
  /** The receipt's texts (PDF). */
  receipt: {
    title: 'RECIBO',
    number: (n: number) => `Nº ${n}`,
    amountBox: (amount: string) => `Valor: ${amount}`,
    body: (payer: string, payerDocument: string | null, amount: string, words: string) =>
      `Recebi de ${payer}${payerDocument ? `, CPF ${payerDocument},` : ''} a importância de ${amount} (${words}),`,
    /**
     * What was paid for: the sessions held by the payment ('realizada em') and those paid in
     * advance ('agendada para'), never calling a session to come 'realizada'.
     */
    service: (service: string, count: number, sessions: { held: DatedSessions | null; upcoming: DatedSessions | null }) => {
      const { held, upcoming } = sessions;
      const when = [
        held ? `${held.count === 1 ? 'realizada' : 'realizadas'} em ${held.dates}` : null,
        upcoming ? `${upcoming.count === 1 ? 'agendada' : 'agendadas'} para ${upcoming.dates}` : null,
      ].filter((part) => part !== null);
      const what = count === 1 ? `à ${service}` : `a ${count} ${service}`;
      return when.length === 1 ? `referente ${what} ${when[0]}.` : `referente ${what}: ${when.join('; ')}.`;
    },
    /** Follows the patient's gender ('pessoa beneficiária' when neither male nor female). */
    beneficiary: (patient: string, patientDocument: string | null, gender: Gender | null) =>
      `Paciente (${byGender(gender, { male: 'beneficiário', female: 'beneficiária', neutral: 'pessoa beneficiária' })}): ${patient}${patientDocument ? `, CPF ${patientDocument}` : ''}.`,
    /** A session this payment covered only in part (of the session's fee as it is now). */
    partial: (date: string, paid: string, fee: string) => `Pagamento parcial da sessão de ${date}: ${paid} de ${fee}.`,
    method: (method: string) => `Forma de pagamento: ${method}.`,
    note: (note: string) => `Observação: ${note}`,
    cityDate: (city: string | null, date: string) => (city ? `${city}, ${date}.` : `${date}.`),
    professionalDocument: (document: string) => `CPF ${document}`,
    noDocument: 'CPF não informado',
    fileName: (n: number) => `recibo-${n}.pdf`,
    issuedBy: 'Emitido pelo Consultório',
    voided: (date: string, reason: string) => `RECIBO CANCELADO em ${date}. Motivo: ${reason}`,
  },
  /** The service a receipt names, from the professional's profession. */
  serviceSingular: (profession: string | null) => (!profession || /psic/i.test(profession) ? 'sessão de psicoterapia' : `sessão de atendimento (${profession})`),
  servicePlural: (profession: string | null) => (!profession || /psic/i.test(profession) ? 'sessões de psicoterapia' : `sessões de atendimento (${profession})`),
  /** The monthly report's CSV columns. */
  csv: {
    date: 'Data',
    receipt: 'Recibo',
    patient: 'Paciente',
    patientDocument: 'CPF do beneficiário',
    payer: 'Pagador',
    payerDocument: 'CPF do pagador',
    amount: 'Valor (R$)',
    method: 'Forma de pagamento',
    sessions: 'Sessões',
    fileName: (month: string) => `relatorio-${month}.csv`,
  },
  pixKeyTypes: { cpf: 'CPF', cnpj: 'CNPJ', email: 'e-mail', phone: 'telefone', random: 'chave aleatória' } as Record<
    'cpf' | 'cnpj' | 'email' | 'phone' | 'random',
    string
  >,
} as const;
