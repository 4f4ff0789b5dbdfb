import { describe, expect, it } from 'vitest';
import { extractedTextMaxChars, htmlToPlainText, unreadableText } from '../src/platform/text-extraction';
import { readText } from '../src/platform/text-extraction/read-text';
import { makeDocx, makePdf, makeDocxBomb } from './factories/documents';

const caps = { maxInflatedBytes: 50 * 1024 * 1024, maxCompressionRatio: 100 };
const extractText = (file: { bytes: Buffer; filename: string; contentType: string }) => readText(file, caps);

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4a30000000049454e44ae426082', 'hex');

describe('extractText', () => {
  it('reads UTF-8 text with accents', async () => {
    const bytes = Buffer.from('Sessão 3: paciente relatou melhora.\nPróxima sessão em março.', 'utf8');
    expect(await extractText({ bytes, filename: 'notas.txt', contentType: 'text/plain' })).toEqual({
      text: 'Sessão 3: paciente relatou melhora.\nPróxima sessão em março.',
      truncated: false,
    });
  });

  it('falls back to windows-1252 when the bytes are not UTF-8', async () => {
    // 'Sessão € “março”' in windows-1252: ã (0xe3) and ç (0xe7) as in Latin-1; €, “ and ” at 0x80, 0x93, 0x94.
    const bytes = Buffer.from([...Buffer.from('Sess', 'latin1'), 0xe3, 0x6f, 0x20, 0x80, 0x20, 0x93, 0x6d, 0x61, 0x72, 0xe7, 0x6f, 0x94]);
    const result = await extractText({ bytes, filename: 'notas.txt', contentType: 'text/plain' });
    expect(result).toEqual({ text: 'Sessão € “março”', truncated: false });
  });

  it('drops a UTF-8 byte order mark', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Olá', 'utf8')]);
    expect((await extractText({ bytes, filename: 'a.txt', contentType: 'text/plain; charset=utf-8' }))?.text).toBe('Olá');
  });

  it('reads CSV and Markdown, by content type or by extension', async () => {
    const csv = Buffer.from('nome,idade\r\nAna,30\r\nJoão,41\r\n', 'utf8');
    expect((await extractText({ bytes: csv, filename: 'pacientes.csv', contentType: 'text/csv' }))?.text).toBe(
      'nome,idade\nAna,30\nJoão,41',
    );
    const md = Buffer.from('# Plano\n\n\n\n- item um   \n- item dois\n', 'utf8');
    const expected = '# Plano\n\n- item um\n- item dois';
    expect((await extractText({ bytes: md, filename: 'plano.md', contentType: 'text/markdown' }))?.text).toBe(expected);
    expect((await extractText({ bytes: md, filename: 'plano.markdown', contentType: 'application/octet-stream' }))?.text).toBe(
      expected,
    );
  });

  it('reads the text of a PDF, Portuguese accents included', async () => {
    const bytes = await makePdf(['Paciente relata ansiedade e insônia', 'Conduta: reavaliação em duas semanas.']);
    const result = await extractText({ bytes, filename: 'laudo.pdf', contentType: 'application/pdf' });
    expect(result?.truncated).toBe(false);
    expect(result?.text).toContain('Paciente relata ansiedade e insônia');
    expect(result?.text).toContain('reavaliação');
    // By extension too, and the caller's buffer is left as it was.
    const again = await extractText({ bytes, filename: 'laudo.PDF', contentType: 'application/octet-stream' });
    expect(again?.text).toBe(result?.text);
  });

  it('reads the text of a PDF of several pages', async () => {
    const lines = Array.from({ length: 120 }, (_, index) => `Linha ${index + 1}`);
    const result = await extractText({ bytes: await makePdf(lines), filename: 'longo.pdf', contentType: 'application/pdf' });
    expect(result?.text).toContain('Linha 1');
    expect(result?.text).toContain('Linha 120');
  });

  it('reads the text of a DOCX', async () => {
    const bytes = await makeDocx(['Evolução clínica', 'Paciente relata ansiedade e insônia.']);
    const result = await extractText({
      bytes,
      filename: 'evolucao.docx',
      contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(result?.text).toContain('Evolução clínica');
    expect(result?.text).toContain('Paciente relata ansiedade e insônia.');
    expect((await extractText({ bytes, filename: 'evolucao.docx', contentType: 'application/octet-stream' }))?.text).toBe(result?.text);
  });

  it('does not read other types', async () => {
    expect(await extractText({ bytes: PNG, filename: 'foto.png', contentType: 'image/png' })).toBeNull();
    // The type found in the bytes wins over a misleading name.
    expect(await extractText({ bytes: PNG, filename: 'foto.txt', contentType: 'image/png' })).toBeNull();
    expect(await extractText({ bytes: PNG, filename: 'dados.bin', contentType: 'application/octet-stream' })).toBeNull();
    expect(await extractText({ bytes: Buffer.from('<p>oi</p>'), filename: 'a.html', contentType: 'text/html' })).toBeNull();
  });

  it('reports a corrupt or truncated PDF or DOCX as unreadable', async () => {
    const corrupt = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >>\nthis is not a pdf\n%%EOF', 'latin1');
    expect(await extractText({ bytes: corrupt, filename: 'x.pdf', contentType: 'application/pdf' })).toEqual(unreadableText);
    const pdf = await makePdf(['Texto']);
    expect(await extractText({ bytes: pdf.subarray(0, 200), filename: 'x.pdf', contentType: 'application/pdf' })).toEqual(unreadableText);
    const docx = await makeDocx(['Texto']);
    const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    expect(await extractText({ bytes: docx.subarray(0, 300), filename: 'x.docx', contentType: docxType })).toEqual(unreadableText);
    expect(await extractText({ bytes: PNG, filename: 'x.docx', contentType: docxType })).toEqual(unreadableText);
  });

  it('refuses a DOCX whose zip would inflate past the caps, before inflating it', async () => {
    const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const bomb = await makeDocxBomb(60 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    expect(await extractText({ bytes: bomb, filename: 'bomba.docx', contentType: docxType })).toEqual(unreadableText);
    expect(Date.now() - started).toBeLessThan(1000);
    // Within a higher total cap, the ratio alone still refuses it.
    const ratioOnly = { maxInflatedBytes: 1024 * 1024 * 1024, maxCompressionRatio: 100 };
    expect(await readText({ bytes: bomb, filename: 'bomba.docx', contentType: docxType }, ratioOnly)).toEqual(unreadableText);
  });

  it('cuts a long text at the maximum', async () => {
    const bytes = Buffer.from('a'.repeat(extractedTextMaxChars + 500), 'utf8');
    const result = await extractText({ bytes, filename: 'longo.txt', contentType: 'text/plain' });
    expect(result?.truncated).toBe(true);
    expect(result?.text).toHaveLength(extractedTextMaxChars);
    const exact = await extractText({ bytes: Buffer.from('b'.repeat(extractedTextMaxChars)), filename: 'b.txt', contentType: 'text/plain' });
    expect(exact?.truncated).toBe(false);
    expect(exact?.text).toHaveLength(extractedTextMaxChars);
  });

  it('removes control characters such as NUL', async () => {
    const bytes = Buffer.from('um\u0000dois\ttrês\u0007', 'utf8');
    expect((await extractText({ bytes, filename: 'a.txt', contentType: 'text/plain' }))?.text).toBe('umdois\ttrês');
  });
});

describe('htmlToPlainText', () => {
  it('turns the editor HTML into readable text', async () => {
    const html = [
      '<h1>Evolução</h1>',
      '<h2>Queixa &amp; histórico</h2>',
      '<p>Paciente <strong>relata</strong> <em>ansiedade</em> e <u>insônia</u> &mdash; <s>sem</s> melhora &lt;ainda&gt;.</p>',
      '<p><br></p><p><br></p><p><br></p>',
      '<ol><li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>Sono irregular</li>',
      '<li data-list="bullet"><span class="ql-ui" contenteditable="false"></span>Cansaço</li></ol>',
      '<ol><li data-list="ordered">Respiração</li><li data-list="ordered">Diário do sono</li></ol>',
      '<ul><li>Item de ul</li></ul>',
      '<p>Veja <a href="https://example.com/artigo" target="_blank" rel="noopener noreferrer">o artigo</a>.</p>',
      '<p>Foto: <img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==" alt="foto"></p>',
      '<pre data-language="plain">if (x) {\n  y();\n}</pre>',
      '<div class="ql-code-block-container" spellcheck="false"><div class="ql-code-block" data-language="plain">a = 1</div><div class="ql-code-block" data-language="plain">  b = 2</div></div>',
    ].join('');
    const text = await htmlToPlainText(html);
    expect(text).toBe(
      [
        'Evolução',
        '',
        'Queixa & histórico',
        '',
        'Paciente relata ansiedade e insônia — sem melhora <ainda>.',
        '',
        '- Sono irregular',
        '- Cansaço',
        '',
        '1. Respiração',
        '2. Diário do sono',
        '',
        '- Item de ul',
        '',
        'Veja o artigo [https://example.com/artigo].',
        '',
        'Foto:',
        '',
        'if (x) {',
        '  y();',
        '}',
        '',
        'a = 1',
        '  b = 2',
      ].join('\n'),
    );
    expect(text).not.toContain('base64');
    expect(text).not.toContain('iVBOR');
  });

  it('numbers a mixed Quill list by runs of ordered items', async () => {
    const html =
      '<ol><li data-list="ordered">um</li><li data-list="ordered">dois</li><li data-list="bullet">ponto</li><li data-list="ordered">outro um</li><li data-list="checked">feito</li><li data-list="unchecked">a fazer</li></ol>';
    expect(await htmlToPlainText(html)).toBe(['1. um', '2. dois', '- ponto', '1. outro um', '[x] feito', '[ ] a fazer'].join('\n'));
  });

  it('shows a link once when its text is its address and never a data: address', async () => {
    expect(await htmlToPlainText('<p><a href="https://example.com">https://example.com</a></p>')).toBe('https://example.com');
    expect(await htmlToPlainText('<p><a href="data:text/html;base64,PHA+b2k8L3A+">clique</a></p>')).toBe('clique');
    expect(await htmlToPlainText('<p><a href="mailto:ana@example.com">Ana</a></p>')).toBe('Ana [ana@example.com]');
  });

  it('gives an empty text for an empty document', async () => {
    expect(await htmlToPlainText('')).toBe('');
    expect(await htmlToPlainText('<p><br></p>')).toBe('');
  });
});
