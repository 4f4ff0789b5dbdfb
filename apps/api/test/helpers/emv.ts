// An independent reading of a Pix BR Code (EMV QRCPS, as the BCB's 'Manual de Padrões para
// Iniciação do Pix' lays it out), written here and not taken from the library that makes it:
// top-level fields as id (2 digits), length (2 digits) and value, and the CRC16-CCITT-FALSE
// (polynomial 0x1021, start 0xFFFF) of everything up to and including '6304', in field 63.

/** CRC16-CCITT-FALSE of a text's bytes, as four upper-case hex digits. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The top-level fields of a BR Code by id; throws when the lengths do not add up or the CRC is wrong. */
export function readBrCode(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || at + 4 + length > payload.length) throw new Error(`bad field at ${at}`);
    fields.set(id, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  if (!payload.endsWith(`6304${fields.get('63')}`)) throw new Error('the CRC is not the last field');
  const expected = crc16(payload.slice(0, -4));
  if (fields.get('63') !== expected) throw new Error(`CRC ${fields.get('63')} where ${expected} was due`);
  return fields;
}
