import { accessLog } from './access-log';

export const patients = {
  title: 'Pacientes',
  newPatient: 'Novo Paciente',
  editPatient: 'Editar Paciente',
  searchPlaceholder: 'Buscar paciente pelo nome',
  searchLabel: 'Buscar paciente',
  empty: 'Nenhum paciente encontrado',
  emptyHint: "Cadastre o primeiro em 'Novo Paciente'.",
  count: (count: number) => (count === 1 ? '1 paciente' : `${count.toLocaleString('pt-BR')} pacientes`),
  loadMore: 'Carregar mais',
  id: 'ID',
  edit: 'Editar',
  uploadAvatar: 'Alterar foto',
  uploadingAvatar: 'Enviando...',
  dangerZone: 'Zona de alerta',
  dangerZoneText:
    'Excluir um paciente remove permanentemente todas as suas sessões com assistente, formulários e prontuários, com seus anexos.',
  deletePatient: 'Excluir paciente',
  deleteConfirmation: 'Tem certeza que deseja excluir este paciente? Esta ação é irreversível.',
  /** A patient with finalized records: the confirmation asks for the full name typed. */
  deleteKeptRecords: (finalizedRecords: number, patientName: string) =>
    `${finalizedRecords === 1 ? 'Este paciente tem 1 prontuário finalizado.' : `Este paciente tem ${finalizedRecords} prontuários finalizados.`} O Conselho Federal de Psicologia exige que os prontuários sejam guardados por pelo menos 5 anos (Resolução CFP nº 001/2009): antes de excluir, guarde uma cópia em “${accessLog.exportData}”. Esta ação é irreversível. Para excluir, digite o nome completo do paciente: ${patientName}`,
  typedName: 'Nome completo do paciente',
  created: 'Paciente cadastrado.',
  updated: 'Paciente atualizado.',
  deleted: 'Paciente excluído.',
  avatarUpdated: 'Foto do paciente atualizada.',
  comingSoon: 'Esta área do paciente estará disponível em breve.',
  areas: {
    chats: 'Sessões com Assistente',
    forms: 'Formulários',
    records: 'Prontuários',
  },
  backToList: 'Voltar para Pacientes',
  remindersOptOut: 'Não enviar lembretes de consulta por e-mail',
} as const;
