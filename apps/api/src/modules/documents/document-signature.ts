// A PAdES signature (ETSI.CAdES.detached, baseline B-B) of an issued document's PDF with an A1
// certificate (.pfx/.p12). It runs in the document worker (document-renderer.ts): opening the
// PKCS#12 file (node-forge's PBKDF2 and ciphers, in JavaScript) takes about 100 ms of CPU.
// @signpdf places the signature (pdf-lib writes the placeholder, @signpdf/signpdf the byte range
// and the CMS into it); the CMS itself is built here from node-forge's ASN.1 writer, because
// PAdES needs the ESS signing-certificate-v2 attribute, which node-forge's PKCS#7 writer (used
// by @signpdf/signer-p12) cannot add.
import { createHash, createPrivateKey, sign } from 'node:crypto';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import { holderNameOf } from './certificate-holder';

const { asn1, pki } = forge;
type Asn1 = forge.asn1.Asn1;

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
} as const;

/** Room for the CMS in the PDF: the signature and an ICP-Brasil chain of three or four certificates fit in well under this. */
const SIGNATURE_BYTES = 16_384;

const { Class, Type } = asn1;
const sequence = (items: Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, items);
const setOf = (items: Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SET, true, items);
const oid = (id: string) => asn1.create(Class.UNIVERSAL, Type.OID, false, asn1.oidToDer(id).getBytes());
const octets = (bytes: Buffer) => asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, bytes.toString('binary'));
const integer = (value: number) => asn1.create(Class.UNIVERSAL, Type.INTEGER, false, asn1.integerToDer(value).getBytes());
const nullValue = () => asn1.create(Class.UNIVERSAL, Type.NULL, false, '');
const explicit = (tag: number, items: Asn1[]) => asn1.create(Class.CONTEXT_SPECIFIC, tag, true, items);
const der = (node: Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');

function attribute(type: string, value: Asn1): Asn1 {
  return sequence([oid(type), setOf([value])]);
}

/** DER orders a SET OF by the encodings of its elements. */
function sortedByEncoding(items: Asn1[]): Asn1[] {
  return items
    .map((item) => ({ item, bytes: der(item) }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .map(({ item }) => item);
}

/** The certificate's serial number as an INTEGER: forge keeps it as the hex of its DER bytes. */
function serialOf(certificate: forge.pki.Certificate): Asn1 {
  return asn1.create(Class.UNIVERSAL, Type.INTEGER, false, forge.util.hexToBytes(certificate.serialNumber));
}

/** ESS SigningCertificateV2 (RFC 5035) naming the signer's certificate by its SHA-256 (the default hash, so not written). */
function signingCertificateV2(certificate: forge.pki.Certificate): Asn1 {
  const hash = createHash('sha256').update(der(pki.certificateToAsn1(certificate))).digest();
  const issuerSerial = sequence([sequence([explicit(4, [pki.distinguishedNameToAsn1(certificate.issuer)])]), serialOf(certificate)]);
  return sequence([sequence([sequence([octets(hash), issuerSerial])])]);
}

interface SigningIdentity {
  key: forge.pki.rsa.PrivateKey;
  certificate: forge.pki.Certificate;
  /** The signer's certificate first, then the rest of the file's chain. */
  chain: forge.pki.Certificate[];
}

/** Writes a detached CMS SignedData over the bytes it is given, as PAdES baseline B-B asks. */
class PadesSigner extends Signer {
  constructor(private readonly identity: SigningIdentity) {
    super();
  }

  override async sign(content: Buffer, signingTime?: Date): Promise<Buffer> {
    const { key, certificate, chain } = this.identity;
    const sha256 = { algorithm: sequence([oid(OID.sha256)]) };
    const signedAttributes = sortedByEncoding([
      attribute(OID.contentType, oid(OID.data)),
      attribute(OID.signingTime, asn1.create(Class.UNIVERSAL, Type.UTCTIME, false, asn1.dateToUtcTime(signingTime ?? new Date()))),
      attribute(OID.messageDigest, octets(createHash('sha256').update(content).digest())),
      attribute(OID.signingCertificateV2, signingCertificateV2(certificate)),
    ]);
    const privateKey = createPrivateKey(pki.privateKeyToPem(key));
    const signature = sign('sha256', der(setOf(signedAttributes)), privateKey);
    const signerInfo = sequence([
      integer(1),
      sequence([pki.distinguishedNameToAsn1(certificate.issuer), serialOf(certificate)]),
      sha256.algorithm,
      asn1.create(Class.CONTEXT_SPECIFIC, 0, true, signedAttributes),
      sequence([oid(OID.rsaEncryption), nullValue()]),
      octets(signature),
    ]);
    const signedData = sequence([
      integer(1),
      setOf([sha256.algorithm]),
      sequence([oid(OID.data)]),
      asn1.create(Class.CONTEXT_SPECIFIC, 0, true, chain.map((each) => pki.certificateToAsn1(each))),
      setOf([signerInfo]),
    ]);
    return der(sequence([oid(OID.signedData), explicit(0, [signedData])]));
  }
}

export type SigningFailure =
  | { reason: 'not-p12' | 'password' | 'no-key' | 'key-unsupported' }
  | { reason: 'expired' | 'not-yet-valid'; date: string };

export type SigningResult = { ok: true; pdf: Buffer; signerName: string } | ({ ok: false } & SigningFailure);

/** Opens the PKCS#12 file; a wrong password shows as a MAC that does not verify or contents that do not decrypt. */
function openPkcs12(p12: Buffer, password: string): forge.pkcs12.Pkcs12Pfx | SigningFailure {
  let parsed: Asn1;
  try {
    parsed = asn1.fromDer(p12.toString('binary'));
  } catch {
    return { reason: 'not-p12' };
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(parsed, false, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    return /password|MAC could not be verified|decrypt/i.test(message) ? { reason: 'password' } : { reason: 'not-p12' };
  }
}

type Bag = forge.pkcs12.Bag;

function bagsOf(p12: forge.pkcs12.Pkcs12Pfx, type: string | undefined): Bag[] {
  return type ? (p12.getBags({ bagType: type })[type] ?? []) : [];
}

function identityOf(p12: forge.pkcs12.Pkcs12Pfx): SigningIdentity | SigningFailure {
  const keyBags = [...bagsOf(p12, pki.oids.pkcs8ShroudedKeyBag), ...bagsOf(p12, pki.oids.keyBag)];
  if (keyBags.length === 0) return { reason: 'no-key' };
  const key = keyBags[0]!.key as forge.pki.rsa.PrivateKey | null | undefined;
  if (!key) return { reason: 'key-unsupported' };
  const certificates = bagsOf(p12, pki.oids.certBag).flatMap((bag) => (bag.cert ? [bag.cert] : []));
  const certificate = certificates.find((each) => {
    const publicKey = each.publicKey as Partial<forge.pki.rsa.PublicKey>;
    return publicKey.n?.compareTo(key.n) === 0 && publicKey.e?.compareTo(key.e) === 0;
  });
  if (!certificate) return { reason: 'no-key' };
  return { key, certificate, chain: [certificate, ...certificates.filter((each) => each !== certificate)] };
}

function isFailure(value: object): value is SigningFailure {
  return 'reason' in value;
}

export interface SigningRequest {
  pdf: Uint8Array;
  p12: Uint8Array;
  password: string;
  /** ISO instant: the signature's time, and the day the certificate must be valid on. */
  signingTime: string;
  reason: string;
  location: string;
}

/** Signs the PDF; says why not when the file, the password or the certificate does not allow it. */
export async function signPdf(request: SigningRequest): Promise<SigningResult> {
  const p12 = openPkcs12(Buffer.from(request.p12), request.password);
  if (isFailure(p12)) return { ok: false, ...p12 };
  const identity = identityOf(p12);
  if (isFailure(identity)) return { ok: false, ...identity };
  const signingTime = new Date(request.signingTime);
  const { notBefore, notAfter } = identity.certificate.validity;
  if (signingTime > notAfter) return { ok: false, reason: 'expired', date: notAfter.toISOString() };
  if (signingTime < notBefore) return { ok: false, reason: 'not-yet-valid', date: notBefore.toISOString() };
  const signerName = holderNameOf(identity.certificate);
  const document = await PDFDocument.load(request.pdf);
  pdflibAddPlaceholder({
    pdfDoc: document,
    reason: request.reason,
    contactInfo: '',
    name: signerName,
    location: request.location,
    signingTime,
    signatureLength: SIGNATURE_BYTES,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'Consultório',
  });
  const prepared = Buffer.from(await document.save({ useObjectStreams: false }));
  const pdf = await new SignPdf().sign(prepared, new PadesSigner(identity), signingTime);
  return { ok: true, pdf, signerName };
}
