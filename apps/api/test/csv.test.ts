// The one CSV writer every report uses: a spreadsheet's separator and encoding, and no cell a
// spreadsheet would run as a formula (OWASP 'CSV Injection'), read back with a CSV parser.
import { buffer } from 'node:stream/consumers';
import { parse as parseCsv } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvStream, neutralizeCell } from '../src/platform/csv';

describe('neutralizeCell', () => {
  it('puts an apostrophe before a cell that starts with =, +, -, @, a tab or a carriage return', () => {
    for (const formula of ['=HYPERLINK("http://evil.example";"abrir")', '+55 11 2+2', '-2+3', '-', '@SUM(A1:A9)', '\tcmd', '\r=1+1']) {
      expect(neutralizeCell(formula), JSON.stringify(formula)).toBe(`'${formula}`);
    }
  });

  it('leaves numbers (negative ones too), dates and ordinary text alone', () => {
    for (const plain of ['-150,00', '-1.234,56', '-3', '-0.5', '150,00', '05/03/2025', 'Łukasz Nguyễn Đặng', 'a=b', '']) {
      expect(neutralizeCell(plain), JSON.stringify(plain)).toBe(plain);
    }
  });
});

describe('csvStream', () => {
  it('writes UTF-8 with a BOM, ";" and CRLF, every cell neutralised, headers too', async () => {
    const rows = [
      { name: '=1+1', amount: '-150,00', count: -3 },
      { name: '@cmd', amount: '1.234,56', count: 2 },
    ];
    const columns = [
      { key: 'name', header: 'Nome' },
      { key: 'amount', header: 'Valor (R$)' },
      { key: 'count', header: '=Quantidade' },
    ] as const;
    const bytes = await buffer(csvStream(rows, columns));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.toString('utf8');
    expect(csv.startsWith("\ufeffNome;Valor (R$);'=Quantidade\r\n")).toBe(true);
    expect(parseCsv(csv, { bom: true, delimiter: ';', columns: true })).toEqual([
      { Nome: "'=1+1", 'Valor (R$)': '-150,00', "'=Quantidade": '-3' },
      { Nome: "'@cmd", 'Valor (R$)': '1.234,56', "'=Quantidade": '2' },
    ]);
  });
});
