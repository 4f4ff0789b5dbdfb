/** The documents inside a patient's exported file. */
export const patientExport = {
  recordTitle: (name: string) => `Prontuário — ${name}`,
  professional: 'Profissional',
  registration: 'Registro profissional',
  patient: 'Paciente',
  createdAt: 'Criado em',
  updatedAt: 'Última modificação',
  finalizedAt: 'Finalizado em',
  hash: 'SHA-256 do conteúdo finalizado',
  addendum: (date: string) => `Adendo de ${date}`,
} as const;
