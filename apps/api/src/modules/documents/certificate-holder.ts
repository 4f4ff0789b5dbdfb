import type forge from 'node-forge';

function subjectField(certificate: forge.pki.Certificate, name: string): string {
  const field = certificate.subject.getField(name) as { value?: unknown } | null;
  return typeof field?.value === 'string' ? field.value : '';
}

/** The certificate holder's name: an ICP-Brasil e-CPF's common name is 'NAME:CPF', shown without the CPF. */
export function holderNameOf(certificate: forge.pki.Certificate): string {
  return subjectField(certificate, 'CN').replace(/:\d{11,14}$/, '').trim() || subjectField(certificate, 'O');
}
