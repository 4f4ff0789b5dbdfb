/** The admin command line (`npm run admin -- ...`): an operator tool, read only by the server. */
export const admin = {
  usage: `Uso: npm run admin -- <comando> [opções]

  plans:list
  plans:create --code CODIGO --name NOME --period monthly|annual|lifetime --limit N --price CENTAVOS [--description TEXTO]
  coupons:list
  coupons:create --code CODIGO (--plan CODIGO_DO_PLANO --days N | --percent N) [--valid-until AAAA-MM-DD] [--max N]
  subscription:show USUARIO_OU_EMAIL
  subscription:grant USUARIO_OU_EMAIL --plan CODIGO_DO_PLANO [--days N]
  subscription:cancel USUARIO_OU_EMAIL
  backup ARQUIVO      (banco de dados e arquivos enviados, numa cópia só)
  restore ARQUIVO     (só num DATA_DIR ou banco de dados vazio)
  --help              (esta ajuda)`,
  commandFailedInServer: (status: number | undefined) =>
    `O servidor em execução não conseguiu executar o comando (HTTP ${String(status)}); veja o log do servidor.`,

  // Options
  missingOption: (name: string) => `Falta --${name}.`,
  wholeNumberBetween: (name: string, min: number, max: number) => `--${name} deve ser um número inteiro entre ${min} e ${max}.`,
  userRequired: 'Informe o usuário ou o e-mail do profissional.',
  professionalNotFound: (who: string) => `Profissional não encontrado: ${who}`,
  planNotFound: (code: string) => `Plano não encontrado: ${code}`,

  // Plans
  patients: (count: number) => `${count} pacientes`,
  planDefault: 'padrão',
  planInactive: 'inativo',
  noPlans: 'Nenhum plano.',
  planCodeInvalid: '--code deve ter de 2 a 40 letras minúsculas, números ou -.',
  planPeriodInvalid: '--period deve ser monthly, annual ou lifetime.',
  planCodeTaken: (code: string) => `Já existe um plano com o código ${code}.`,
  planCreated: (code: string, name: string) => `Plano criado: ${code} (${name}).`,

  // Coupons
  couponPercentOff: (percent: number) => `${percent}% de desconto`,
  couponPlanDays: (plan: string | null, days: number | null) => `plano ${plan} por ${days} dias`,
  couponUses: (redemptions: number, max: number | null) => `${redemptions}${max === null ? '' : `/${max}`} usos`,
  couponValidUntil: (date: string) => `até ${date}`,
  couponNoExpiry: 'sem validade',
  noCoupons: 'Nenhum cupom.',
  couponCodeInvalid: '--code deve ter de 3 a 64 letras, números, - ou _.',
  couponPlanOrPercent: 'Use --plan com --days, ou --percent.',
  couponDaysOnlyWithPlan: '--days só vale com --plan.',
  couponValidUntilInvalid: '--valid-until deve ser uma data AAAA-MM-DD entre 1900-01-01 e 2100-12-31.',
  couponCodeTaken: (code: string) => `Já existe um cupom com o código ${code}.`,
  couponCreated: (code: string) => `Cupom criado: ${code}.`,

  // Subscriptions
  noSubscription: (username: string) => `${username}: sem assinatura.`,
  subscriptionPlan: (code: string, name: string, patientsLimit: number, inUse: number) =>
    `plano: ${code} (${name}), ${patientsLimit} pacientes, ${inUse} em uso`,
  subscriptionPrice: (price: string, isTrial: boolean) => `valor: ${price}${isTrial ? ', período de teste' : ''}`,
  subscriptionDue: (dueDate: string | null, cancelledOn: string | null) =>
    `vencimento: ${dueDate ?? '—'}${cancelledOn ? `, cancelada em ${cancelledOn}` : ''}`,
  subscriptionGranted: (username: string, plan: string, dueDate: string | null) => `${username}: plano ${plan} até ${dueDate ?? 'sem vencimento'}.`,
  subscriptionCancelled: (username: string) => `${username}: assinatura cancelada.`,

  // Backup and restore
  backupUsage: (command: string) => `Uso: npm run admin -- ${command} ARQUIVO`,
  backupCannotWrite: (file: string, reason: string) => `Não foi possível gravar ${file} (${reason}): confira a pasta e suas permissões.`,
  backupFileExists: (file: string) => `${file} já existe: escolha outro nome (uma cópia nunca substitui outra).`,
  backupContents: (tables: number, rows: number, files: number, megabytes: string, schema: string) =>
    `${tables} tabelas (${rows} linhas) e ${files} arquivos (${megabytes} MB), esquema ${schema}`,
  backupWritten: (file: string, contents: string) => `Cópia de segurança gravada em ${file}: ${contents}.`,
  backupNoDatabase: (pgliteDir: string) => `Não há banco de dados em ${pgliteDir}: nada para copiar. Confira DATA_DIR (ou DATABASE_URL).`,
  backupNoMigrations: 'O banco de dados não tem as tabelas do Consultório (nenhuma migração aplicada): nada para copiar.',
  backupRestored: (file: string, madeAt: string, contents: string) =>
    `Cópia ${file} (feita em ${madeAt}) restaurada: ${contents}. Inicie o servidor normalmente (npm start).`,
  backupUnreachable: (detail: string) =>
    `Não foi possível conectar ao banco de dados ou ao armazenamento de arquivos (${detail}). Confira DATABASE_URL e S3_*.`,
  backupInProgress: 'Uma cópia de segurança já está em andamento; tente de novo quando ela terminar.',
  backupRefusedByServer: (status: number | undefined) => `O servidor recusou a cópia (HTTP ${String(status)}).`,
  backupInterruptedByServer: 'O servidor interrompeu a cópia de segurança no meio; veja o log do servidor. Nenhum arquivo de cópia foi gravado.',
  backupFilesKeptVanishing: 'Arquivos continuaram sendo apagados durante a cópia, a cada nova tentativa. Tente de novo daqui a pouco.',
  backupFileNotFound: (file: string) => `Arquivo não encontrado: ${file}`,
  backupNotABackup: (file: string) => `${file} não é uma cópia de segurança do Consultório (ou está incompleto).`,
  backupUnknownVersion: (file: string, version: string, supported: number) =>
    `${file} é uma cópia no formato ${version}, que esta versão do Consultório não lê (ela lê o formato ${supported}).`,
  backupIncomplete: (file: string, entry: string) => `A cópia ${file} está incompleta: falta ${entry}. Nada foi restaurado.`,
  backupCorrupted: (file: string, entry: string) =>
    `A cópia ${file} está corrompida: ${entry} não confere com a soma de verificação (SHA-256) do manifesto. Nada foi restaurado.`,
  backupUnknownTable: (table: string) => `A cópia tem dados da tabela ${table}, que o esquema do Consultório não tem: a cópia não é válida.`,
  backupQueueCycle: 'As filas de tarefas da cópia se referem umas às outras em ciclo: a cópia não é válida.',
  backupUnknownLevel: (file: string, tag: string) =>
    `A cópia ${file} está num nível de esquema (${tag}) que esta versão do Consultório não conhece: restaure-a com a versão que a fez.`,
  backupFromNewerVersion: (file: string, tag: string, latestTag: string) =>
    `A cópia ${file} foi feita por uma versão mais nova do Consultório (esquema ${tag}; esta versão vai até ${latestTag}). Atualize o Consultório antes de restaurá-la.`,
  restoreDataDirNotEmpty: (dataDir: string) =>
    `O DATA_DIR ${dataDir} não está vazio. A restauração só grava num DATA_DIR vazio: aponte DATA_DIR para uma pasta nova ou vazia. Nada foi alterado.`,
  restoreDatabaseNotEmpty: (tables: number) =>
    `O banco de dados de DATABASE_URL não está vazio (${tables} tabelas). A restauração só grava num banco vazio: crie um banco novo (createdb) e aponte DATABASE_URL para ele. Nada foi alterado.`,
  restoreBucketNotEmpty: (bucket: string) =>
    `O bucket S3 ${bucket} não está vazio. A restauração só grava num armazenamento de arquivos vazio. Nada foi alterado.`,
  restoreFilesDirNotEmpty: (directory: string) =>
    `A pasta de arquivos ${directory} não está vazia. A restauração só grava num armazenamento de arquivos vazio. Nada foi alterado.`,
} as const;
