import { isValid as isValidCnpjDigits } from '@fnando/cnpj';
import { searchKey } from './search';

/**
 * The Receita Federal's tables the Carnê-Leão and Receita Saúde features use: the occupations a
 * self-employed professional declares, the livro-caixa's expense codes, and who must issue each
 * payment's receipt through Receita Saúde (Instrução Normativa RFB 2.240/2024). Sources and what
 * could not be verified: docs/decisions.md, 'Receita Saúde and Carnê-Leão'.
 */

export const taxpayerTypes = ['individual', 'company'] as const;
export type TaxpayerType = (typeof taxpayerTypes)[number];

/** Occupations of the Carnê-Leão's table (health and related professions), code → name. */
export const carneLeaoOccupations: Readonly<Record<string, string>> = {
  '221': 'Biólogo, biomédico e afins',
  '224': 'Profissional da educação física (exceto professor)',
  '225': 'Médico',
  '226': 'Odontólogo',
  '227': 'Enfermeiro de nível superior, nutricionista, farmacêutico e afins',
  '228': 'Veterinário, patologista (veterinário) e zootecnista',
  '230': 'Fonoaudiólogo',
  '231': 'Fisioterapeuta',
  '232': 'Terapeuta ocupacional',
  '241': 'Advogado',
  '252': 'Economista, administrador, contador, auditor e afins',
  '254': 'Psicanalista',
  '255': 'Psicólogo',
  '258': 'Assistente social e economista doméstico',
  '294': 'Professor do ensino superior',
  '295': 'Instrutor e professor de escolas livres',
  '296': 'Pedagogo, orientador educacional',
  '322': 'Técnico da ciência da saúde humana',
  '515': 'Trabalhador dos serviços de saúde',
  '516': 'Trabalhador dos serviços de embelezamento e cuidados pessoais',
  '519': 'Outros trabalhadores de serviços diversos',
};

export function isCarneLeaoOccupation(code: string): boolean {
  return Object.hasOwn(carneLeaoOccupations, code);
}

/** The occupations whose payments Receita Saúde covers (IN RFB 2.240/2024, art. 3º). */
export const receitaSaudeOccupations: readonly string[] = ['225', '226', '230', '231', '232', '255'];

/** Words of a profession (as typed in the profile, accents and case aside) and the occupation they mean; the first match wins. */
const professionWords: ReadonlyArray<readonly [RegExp, string]> = [
  [/psicanalist/, '254'],
  [/psicolog/, '255'],
  [/fisioterap/, '231'],
  [/fonoaudiolog/, '230'],
  [/terapeuta ocupacional|terapia ocupacional/, '232'],
  [/odontolog|dentist|cirurgi[ao]o?-?dentist/, '226'],
  [/medic|psiquiatr|pediatr|neurolog|clinico geral/, '225'],
  [/nutricion|enfermeir|farmaceut/, '227'],
  [/biomedic|biolog/, '221'],
  [/educacao fisica|educador fisico|personal/, '224'],
  [/assistente social/, '258'],
  [/pedagog|psicopedagog/, '296'],
];

/** The occupation code a profession suggests ('Psicóloga' → '255'), or null when none fits. */
export function occupationForProfession(profession: string | null | undefined): string | null {
  if (!profession) return null;
  const key = searchKey(profession);
  return professionWords.find(([pattern]) => pattern.test(key))?.[1] ?? null;
}

/** Whether a professional must issue their payments' receipts through Receita Saúde: an individual in one of its occupations. */
export function isReceitaSaudeObliged(taxpayerType: TaxpayerType, occupationCode: string | null): boolean {
  return taxpayerType === 'individual' && occupationCode !== null && receitaSaudeOccupations.includes(occupationCode);
}

/**
 * A CNPJ with valid check digits, as written with or without its punctuation: numeric, or
 * alphanumeric as the Receita issues since July 2026 (IN RFB 2.229/2024: twelve letters or
 * digits, then two check digits; '12.ABC.345/01DE-35').
 */
export function isValidCnpj(value: string): boolean {
  const written = value.trim().toUpperCase();
  return /^[0-9A-Z]{2}\.?[0-9A-Z]{3}\.?[0-9A-Z]{3}\/?[0-9A-Z]{4}-?\d{2}$/.test(written) && isValidCnpjDigits(written);
}

/** The CNPJ's 14 characters, without punctuation, letters in capitals: what is stored. */
export function cnpjCharacters(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
}

/** 12345678000195 → 12.345.678/0001-95 (12ABC34501DE35 → 12.ABC.345/01DE-35); anything else is returned as given. */
export function formatCnpj(value: string): string {
  const c = cnpjCharacters(value);
  if (c.length !== 14) return value;
  return `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
}

/**
 * The livro-caixa's accounts of the Carnê-Leão's standard chart ('Plano de contas padrão'):
 * P10 deductible, P11 not deductible.
 */
export const carneLeaoExpenseCodes: Readonly<Record<string, string>> = {
  'P10.01.00001': 'Água do consultório',
  'P10.01.00002': 'Aluguel do consultório',
  'P10.01.00003': 'Condomínio do consultório',
  'P10.01.00004': 'Contribuições obrigatórias a entidades de classe',
  'P10.01.00005': 'Cópia e autenticação de documentos',
  'P10.01.00006': 'Emolumentos pagos a terceiros',
  'P10.01.00007': 'Energia do consultório',
  'P10.01.00008': 'Gás do consultório',
  'P10.01.00009': 'IPTU do consultório, quando pago pelo contribuinte',
  'P10.01.00010': 'ISS',
  'P10.01.00011': 'Material de conservação e limpeza do consultório',
  'P10.01.00012': 'Material de escritório',
  'P10.01.00013': 'Remuneração paga a terceiros com vínculo empregatício, INSS e FGTS',
  'P10.01.00014': 'Telefone do consultório',
  'P11.01.00001': 'Aplicação de capital',
  'P11.01.00002': 'Aquisição de computador',
  'P11.01.00003': 'Aquisição de linha ou aparelho telefônico',
  'P11.01.00004': 'Aquisição de máquina e equipamento',
  'P11.01.00005': 'Arrendamento mercantil (leasing)',
  'P11.01.00006': 'Carnê-leão pago',
  'P11.01.00007': 'Combustível',
  'P11.01.00008': 'Conservação e reforma do imóvel do contribuinte',
  'P11.01.00009': 'Depreciação de instalações e equipamentos',
  'P11.01.00010': 'Despesas de locomoção e transporte',
  'P11.01.00011': 'Livros e revistas em geral',
  'P11.01.00012': 'Estacionamento',
  'P11.01.00013': 'IPTU de imóvel residencial',
  'P11.01.00014': 'Manutenção do veículo',
  'P11.01.00015': 'Imposto complementar pago',
  'P11.01.00016': 'Seguro de vida',
  'P11.01.00017': 'Seguro de imóvel residencial',
  'P11.01.00018': 'Seguro de carro',
};

export function isCarneLeaoExpenseCode(code: string): boolean {
  return Object.hasOwn(carneLeaoExpenseCodes, code);
}

export function isDeductibleExpenseCode(code: string): boolean {
  return code.startsWith('P10.');
}

/** The first calendar year Receita Saúde and this file cover. */
export const carneLeaoFirstYear = 2025;

/** Whether the API keeps a livro-caixa for the month (YYYY-MM): the years carneLeaoFirstYear to the current one. */
export function hasExpenseBook(month: string, currentYear: number): boolean {
  const year = Number(month.slice(0, 4));
  return year >= carneLeaoFirstYear && year <= currentYear;
}
