import { messages, type IssuedDocument } from '@consultorio/shared';
import { FileInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { BusyModal } from '../../../components/busy-modal';
import { FormActions } from '../../../components/form-actions';
import { PasswordField } from '../../../components/password-field';
import { useSignDocument } from '../api/document-actions';

const d = messages.documents;

interface SignDocumentModalProps {
  document: IssuedDocument;
  onClose: () => void;
}

/** 'Assinar com certificado': the A1 certificate's file and its password, sent for this signature only. */
export function SignDocumentModal({ document, onClose }: SignDocumentModalProps) {
  const sign = useSignDocument();
  const [certificate, setCertificate] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const submit = () => {
    if (certificate) sign.mutate({ documentId: document.id, certificate, password }, { onSuccess: onClose });
  };
  return (
    <BusyModal opened title={d.signTitle} isBusy={sign.isPending} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Text size="sm">{d.signText}</Text>
          <FileInput
            label={d.certificate}
            placeholder={d.chooseCertificate}
            accept=".pfx,.p12,application/x-pkcs12"
            required
            value={certificate}
            onChange={setCertificate}
            disabled={sign.isPending}
            error={sign.error?.message}
          />
          <PasswordField
            label={d.certificatePassword}
            required
            autoComplete="off"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            disabled={sign.isPending}
          />
          <FormActions submitLabel={sign.isPending ? d.signing : d.sign} disabled={sign.isPending || !certificate || password === ''} onClose={onClose} />
        </Stack>
      </form>
    </BusyModal>
  );
}
