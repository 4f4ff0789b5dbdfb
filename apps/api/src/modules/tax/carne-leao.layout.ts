import { centsToDecimalComma, onlyDigits } from '@consultorio/shared';

/**
 * The layout of the Carnê-Leão Web's import files ('Escrituração > Importar'), after the Receita
 * Federal's 'Modelos de escrituração para o Carnê-Leão' (sources, and what could not be verified:
 * docs/decisions.md, 'Receita Saúde and Carnê-Leão'). Every rule of the format is here, and
 * `apps/api/test/fixtures/carne-leao-*.csv` hold lines it must write byte for byte, so a correction
 * is made in one place:
 * - no header; fields separated by ';'; lines ended by CRLF;
 * - dates DD/MM/AAAA; amounts with a decimal comma and two decimals, no thousands separator;
 * - text without accents, without ';' (nor quotes or line breaks), at most 255 characters;
 * - at most 1,000 lines per file (more go into several files).
 */

export const FIELD_SEPARATOR = ';';
export const LINE_END = '\r\n';
export const LINES_PER_FILE = 1000;
const TEXT_MAX = 255;
const REGISTRATION_MAX = 15;

/** Income from work without employment ('trabalho não assalariado'). */
export const INCOME_CODE_SELF_EMPLOYED = 'R01.001.001';
/** Received from an individual ('pessoa física'). */
const RECEIVED_FROM_INDIVIDUAL = 'PF';
/** The line issues a Receita Saúde receipt. */
const RECEIPT_INDICATOR = 'S';

/** yyyy-mm-dd → DD/MM/AAAA */
export function layoutDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

/** 15000 → '150,00' */
export function layoutAmount(cents: number): string {
  return centsToDecimalComma(cents);
}

/** Plain ASCII text the importer takes: accents dropped, no ';', quotes or line breaks, spaces collapsed, cut to `max`. */
export function layoutText(text: string, max = TEXT_MAX): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/[;"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** One income line with a Receita Saúde receipt: a payment received from an individual for the professional's work. */
export interface IncomeLine {
  /** yyyy-mm-dd: the payment's date. */
  paidOn: string;
  occupationCode: string;
  amountCents: number;
  description: string;
  /** The CPF of who paid (the 'titular'). */
  payerCpf: string;
  /** The CPF of who was attended (the beneficiary). */
  beneficiaryCpf: string;
  professionalCpf: string;
  /** 'Registro profissional' (e.g. 'CRP 06/123456'). */
  professionalRegistration: string | null;
}

/** The 16 fields of an income line with receipt, in order. */
export function incomeFields(line: IncomeLine): string[] {
  return [
    layoutDate(line.paidOn), // 1 date
    INCOME_CODE_SELF_EMPLOYED, // 2 income code
    line.occupationCode, // 3 occupation code
    layoutAmount(line.amountCents), // 4 amount received
    '', // 5 deduction
    layoutText(line.description), // 6 description ('histórico')
    RECEIVED_FROM_INDIVIDUAL, // 7 received from
    onlyDigits(line.payerCpf), // 8 payer's CPF
    onlyDigits(line.beneficiaryCpf), // 9 beneficiary's CPF
    '', // 10 'beneficiary CPF not informed'
    '', // 11 CNPJ
    '', // 12 IRRF flag
    '', // 13 IRRF amount
    RECEIPT_INDICATOR, // 14 receipt indicator
    onlyDigits(line.professionalCpf), // 15 professional's CPF
    layoutText(line.professionalRegistration ?? '', REGISTRATION_MAX), // 16 professional registration
  ];
}

/** One livro-caixa payment (expense). */
export interface ExpenseLine {
  /** yyyy-mm-dd */
  date: string;
  /** 'P10.01.00002' */
  code: string;
  amountCents: number;
  description: string;
}

/** The 7 fields of a payment line: fine, interest and competence are only for taxes and social security, so empty here. */
export function expenseFields(line: ExpenseLine): string[] {
  return [layoutDate(line.date), line.code, layoutAmount(line.amountCents), layoutText(line.description), '', '', ''];
}

export function layoutLine(fields: readonly string[]): string {
  return fields.join(FIELD_SEPARATOR) + LINE_END;
}

/** Lines split into the files the importer takes (1,000 lines each). */
export function splitIntoFiles<T>(lines: readonly T[]): T[][] {
  const parts: T[][] = [];
  for (let start = 0; start < lines.length; start += LINES_PER_FILE) parts.push(lines.slice(start, start + LINES_PER_FILE));
  return parts;
}
