// Checks of a PDF signed in another application and sent back: byte comparisons and searches
// only (native, over at most 10 MB), and the signer's name read from the signature's few KB.
import type forge from 'node-forge';
import { onFirstUse } from '../../platform/lazy';
import { holderNameOf } from './certificate-holder';

// Loaded with the first signed PDF sent back rather than at start.
const forgeLibrary = onFirstUse(async () => (await import('node-forge')).default);

/** The issued PDF with a signature added after it: an incremental update, as every PDF signer writes one. */
export function isSignedVersionOf(uploaded: Buffer, issued: Buffer): boolean {
  if (uploaded.length <= issued.length || !uploaded.subarray(0, issued.length).equals(issued)) return false;
  return uploaded.indexOf('/ByteRange', issued.length, 'latin1') !== -1 && uploaded.indexOf('/Contents', issued.length, 'latin1') !== -1;
}

/** A signature larger than this is not read for its name (an A1 chain is a few KB). */
const SIGNATURE_HEX_MAX = 256 * 1024;

/** The CMS of the first signature added after `from`, from its /Contents hex string. */
function signatureBytes(pdf: Buffer, from: number): Buffer | null {
  const contents = pdf.indexOf('/Contents', from, 'latin1');
  if (contents === -1) return null;
  const start = pdf.indexOf('<', contents, 'latin1');
  const end = start === -1 ? -1 : pdf.indexOf('>', start, 'latin1');
  if (end === -1 || end - start > SIGNATURE_HEX_MAX) return null;
  const hex = pdf.subarray(start + 1, end).toString('latin1').replace(/\s/g, '');
  return /^[0-9a-f]+$/i.test(hex) ? Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex') : null;
}

type SignedData = forge.pkcs7.PkcsSignedData & { rawCapture?: { signerInfos?: forge.asn1.Asn1[] } };

/** The serial number of the certificate the first signer names (SignerInfo: version, then issuer and serial). */
function signerSerial(lib: typeof forge, message: SignedData): string | null {
  const signerInfo = message.rawCapture?.signerInfos?.[0]?.value;
  const issuerAndSerial = Array.isArray(signerInfo) ? signerInfo[1]?.value : undefined;
  const serial = Array.isArray(issuerAndSerial) ? issuerAndSerial[1]?.value : undefined;
  return typeof serial === 'string' ? lib.util.bytesToHex(serial) : null;
}

/**
 * The signer's name as its certificate gives it, or null when the signature cannot be read: it
 * is shown, not trusted (whoever receives the PDF validates it).
 */
export async function signerNameInPdf(pdf: Buffer, from: number): Promise<string | null> {
  const bytes = signatureBytes(pdf, from);
  if (!bytes) return null;
  const lib = await forgeLibrary();
  try {
    // The DER is followed by the placeholder's zero padding: node-forge takes the option, its types do not say so.
    const fromDer = lib.asn1.fromDer as unknown as (input: string, options: { parseAllBytes: boolean }) => forge.asn1.Asn1;
    const message = lib.pkcs7.messageFromAsn1(fromDer(bytes.toString('binary'), { parseAllBytes: false })) as SignedData;
    const serial = signerSerial(lib, message);
    const certificate = message.certificates.find((each) => each.serialNumber === serial) ?? message.certificates[0];
    return certificate ? holderNameOf(certificate) || null : null;
  } catch {
    return null;
  }
}
