import { messages } from '@consultorio/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildRecordPrintHtml, escapeHtml, printRecord, type PrintableRecord } from './print-record';

const record: PrintableRecord = {
  professionalTitle: 'Dra.',
  professionalName: 'Ana <b>Lima</b>',
  profession: 'Psicóloga & terapeuta',
  patientName: 'Maria "Souza"',
  recordName: '<script>alert(1)</script> Evolução',
  createdAt: '05/03/2025, 14:30',
  updatedAt: '—',
  registration: null,
  contentHtml: '<h2>Queixa</h2><p>Dorme <strong>mal</strong></p>',
  finalized: null,
  addenda: [],
};

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('escapeHtml', () => {
  it('escapes what could open a tag or an attribute', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('buildRecordPrintHtml', () => {
  it('shows the registration, the finalization with its hash and the addenda of a finalized record', () => {
    const hash = 'a'.repeat(64);
    const document = parse(
      buildRecordPrintHtml({
        ...record,
        registration: 'CRP 06/123456',
        finalized: { at: '06/03/2025, 09:00', hash },
        addenda: [{ at: '07/03/2025, 10:15', contentHtml: '<p>Correção: dorme melhor</p>' }],
      }),
    );
    const header = document.querySelector('header')?.textContent ?? '';
    expect(header).toContain(`${messages.records.registration}: CRP 06/123456`);
    expect(header).toContain(`${messages.patientExport.finalizedAt}06/03/2025, 09:00`);
    expect(header).toContain(hash);
    const addenda = document.querySelector('section.addenda')?.textContent ?? '';
    expect(addenda).toContain(messages.records.addendumOn('07/03/2025, 10:15'));
    expect(addenda).toContain('Correção: dorme melhor');
  });

  it('titles the document Prontuário and heads it with who, whom and when', () => {
    const document = parse(buildRecordPrintHtml(record));
    expect(document.title).toBe(messages.records.printTitle);
    const header = document.querySelector('header')?.textContent ?? '';
    expect(header).toContain('Dra. Ana <b>Lima</b>');
    expect(header).toContain('Psicóloga & terapeuta');
    expect(header).toContain('Maria "Souza"');
    expect(header).toContain('<script>alert(1)</script> Evolução');
    expect(header).toContain('05/03/2025, 14:30');
    expect(header).toContain(`${messages.records.updatedAt}—`);
  });

  it('escapes the names: none becomes markup', () => {
    const document = parse(buildRecordPrintHtml(record));
    expect(document.querySelector('header script')).toBeNull();
    expect(document.querySelector('header b')).toBeNull();
  });

  it('keeps the content as formatted HTML', () => {
    const document = parse(buildRecordPrintHtml(record));
    expect(document.querySelector('main h2')?.textContent).toBe('Queixa');
    expect(document.querySelector('main strong')?.textContent).toBe('mal');
  });

  it('leaves out what the professional has not filled in', () => {
    const html = buildRecordPrintHtml({ ...record, professionalTitle: null, profession: null });
    const header = parse(html).querySelector('header p')?.textContent ?? '';
    expect(header).toBe(`${messages.records.professional}: Ana <b>Lima</b>`);
  });
});

describe('printRecord', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes the page into a new window and prints it', () => {
    const written: string[] = [];
    const printWindow = {
      document: { open: vi.fn(), write: (html: string) => written.push(html), close: vi.fn() },
      focus: vi.fn(),
      print: vi.fn(),
    };
    const open = vi.spyOn(window, 'open').mockReturnValue(printWindow as unknown as Window);
    expect(printRecord(record)).toBe(true);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(written.join('')).toBe(buildRecordPrintHtml(record));
    expect(printWindow.print).toHaveBeenCalledOnce();
  });

  it('does nothing when the browser blocks the window', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    expect(printRecord(record)).toBe(false);
  });
});
