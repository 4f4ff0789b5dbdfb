// Pix keys by type, amounts typed in reais, and the finance schemas' refusals.
import { describe, expect, it } from 'vitest';
import { carneLeaoFirstYear, centsToDecimalComma, formatCnpj, hasExpenseBook, isValidCnpj, messages, parsePixKey, parseReais, paymentCreateRequest, patientUpdateRequest, profileUpdateRequest } from '../src';

const v = messages.validation;

describe('Pix keys', () => {
  it.each([
    ['529.982.247-25', { type: 'cpf', key: '52998224725' }],
    ['52998224725', { type: 'cpf', key: '52998224725' }],
    ['11.222.333/0001-81', { type: 'cnpj', key: '11222333000181' }],
    ['Ana.Souza@Example.com', { type: 'email', key: 'ana.souza@example.com' }],
    ['+55 11 98765-4321', { type: 'phone', key: '+5511987654321' }],
    ['(11) 98765-4321', { type: 'phone', key: '+5511987654321' }],
    ['+551133334444', { type: 'phone', key: '+551133334444' }],
    ['3F2504E0-4F89-41D3-9A0C-0305E82C3301', { type: 'random', key: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' }],
  ])('reads %s as a key of its type', (input, expected) => {
    expect(parsePixKey(input)).toEqual(expected);
  });

  it.each([
    ['a CPF with wrong check digits', '529.982.247-26'],
    ['a CNPJ with wrong check digits', '11.222.333/0001-82'],
    ['an e-mail without a domain', 'ana@'],
    ['a phone of another country', '+351 912 345 678'],
    ['a phone without its area code', '(9) 8765-4321'],
    ['a UUID cut short', '3f2504e0-4f89-41d3-9a0c'],
    ['free text', 'minha chave'],
    ['nothing', '   '],
  ])('refuses %s', (_case, input) => {
    expect(parsePixKey(input)).toBeNull();
  });

  it('is stored as the BR Code carries it, and a bad one answers the Portuguese message', () => {
    const base = { firstName: 'Ana', lastName: 'Souza' };
    expect(profileUpdateRequest.parse({ ...base, pixKey: '(11) 98765-4321' }).pixKey).toBe('+5511987654321');
    expect(profileUpdateRequest.parse(base).pixKey).toBeUndefined();
    expect(profileUpdateRequest.parse({ ...base, pixKey: '' }).pixKey).toBeNull();
    const bad = profileUpdateRequest.safeParse({ ...base, pixKey: '123' });
    expect(bad.error?.issues[0]?.message).toBe(v.pixKeyInvalid);
  });
});

describe('amounts', () => {
  it.each([
    ['150', 15000],
    ['150,00', 15000],
    ['1.500,5', 150050],
    ['R$ 21,50', 2150],
    ['0,01', 1],
  ])('reads %s as %i cents', (input, cents) => {
    expect(parseReais(input)).toBe(cents);
  });

  it.each(['', '1,234', '1.50', 'dez', '-5', '1.5000,00'])('refuses %j', (input) => {
    expect(parseReais(input)).toBeNull();
  });

  it('writes cents with a decimal comma and no thousands separator', () => {
    expect(centsToDecimalComma(101)).toBe('1,01');
    expect(centsToDecimalComma(100000)).toBe('1000,00');
    expect(centsToDecimalComma(5)).toBe('0,05');
  });
});

describe('finance schemas', () => {
  const payment = {
    patientId: '0b5f3c52-3c8e-4a53-9f4e-3d2c1b0a9e8d',
    appointmentIds: ['1b5f3c52-3c8e-4a53-9f4e-3d2c1b0a9e8d'],
    amountCents: 15000,
    method: 'pix',
    paidAt: '2026-03-10',
  };

  it.each([
    ['a zero amount', { amountCents: 0 }, v.amountInvalid],
    ['an amount in reais with decimals', { amountCents: 150.5 }, v.amountInvalid],
    ['an unknown method', { method: 'bitcoin' }, v.paymentMethodInvalid],
    ['no session', { appointmentIds: [] }, v.appointmentsRequired],
    ['a session twice', { appointmentIds: [payment.appointmentIds[0], payment.appointmentIds[0]] }, v.appointmentsRepeated],
    ['a date that is not one', { paidAt: '2026-02-30' }, v.dateInvalid(v.dateFields.paidAt)],
  ])('refuses a payment with %s', (_case, change, message) => {
    const result = paymentCreateRequest.safeParse({ ...payment, ...change });
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('accepts the day as a date or an instant with its offset', () => {
    expect(paymentCreateRequest.safeParse({ ...payment, paidAt: '2026-03-10T21:30:00-03:00' }).success).toBe(true);
  });

  it("validates the patient's and the payer's CPF, and keeps what an edit leaves out", () => {
    const base = { firstName: 'João', lastName: 'Souza' };
    expect(patientUpdateRequest.safeParse({ ...base, document: '111.444.777-36' }).error?.issues[0]?.message).toBe('CPF inválido');
    expect(patientUpdateRequest.safeParse({ ...base, payerDocument: '123' }).error?.issues[0]?.message).toBe('CPF inválido');
    const parsed = patientUpdateRequest.parse({ ...base, document: '111.444.777-35', sessionFeeCents: 15000 });
    expect(parsed).toMatchObject({ document: '11144477735', sessionFeeCents: 15000 });
    expect(parsed.payerName).toBeUndefined();
    expect(patientUpdateRequest.safeParse({ ...base, sessionFeeCents: -1 }).error?.issues[0]?.message).toBe(v.feeInvalid);
  });
});

describe('the CNPJ', () => {
  it('takes the numeric and the alphanumeric forms (IN RFB 2.229/2024), and writes them with their punctuation', () => {
    expect([isValidCnpj('11.222.333/0001-81'), isValidCnpj('12.ABC.345/01DE-35'), isValidCnpj('12abc34501de35')]).toEqual([true, true, true]);
    expect([isValidCnpj('12.ABC.345/01DE-36'), isValidCnpj('12.ABC.345/01DE-3A'), isValidCnpj('12.ABC.345/01DÉ-35')]).toEqual([false, false, false]);
    expect([formatCnpj('11222333000181'), formatCnpj('12abc34501de35')]).toEqual(['11.222.333/0001-81', '12.ABC.345/01DE-35']);
  });
});

describe('the livro-caixa', () => {
  it('is kept from the first Receita Saúde year to the current one', () => {
    expect(hasExpenseBook(`${carneLeaoFirstYear}-01`, 2026)).toBe(true);
    expect(hasExpenseBook('2026-12', 2026)).toBe(true);
    expect(hasExpenseBook(`${carneLeaoFirstYear - 1}-12`, 2026)).toBe(false);
    expect(hasExpenseBook('2027-01', 2026)).toBe(false);
  });
});
