import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

/** The starts that make a spreadsheet read a cell as a formula (OWASP, 'CSV Injection'). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A number as a spreadsheet reads it, with a decimal comma or point: '-150,00', '-1.234,56', '-3'. */
const PLAIN_NUMBER = /^-?\d+(?:[.,]\d+)*$/;

/**
 * A cell a spreadsheet cannot run: one that starts like a formula gets a leading apostrophe, so
 * that Excel, LibreOffice and Google Sheets show it as the text it is. A negative number stays a
 * number.
 */
export function neutralizeCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

export interface CsvColumn<K extends string> {
  key: K;
  header: string;
}

/**
 * Rows as a CSV a Brazilian spreadsheet opens as is: UTF-8 with a BOM, ';' between fields, CRLF
 * lines, a header row, and every cell (headers too) passed through `neutralizeCell`. Streamed
 * row by row (rows read page by page from the database, when given an async iterable). A failure
 * of the rows' source ends the CSV with that error. Every CSV the app writes is made here.
 */
export function csvStream<K extends string>(
  rows: Iterable<Record<K, string | number>> | AsyncIterable<Record<K, string | number>>,
  columns: readonly CsvColumn<K>[],
): Readable {
  const csv = stringify({
    delimiter: ';',
    bom: true,
    header: true,
    columns: columns.map(({ key, header }) => ({ key, header })),
    record_delimiter: 'windows',
    cast: { string: neutralizeCell, number: (value) => neutralizeCell(String(value)) },
  });
  const source = Readable.from(rows);
  source.once('error', (error) => csv.destroy(error));
  source.pipe(csv);
  return csv;
}
