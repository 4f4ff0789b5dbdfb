import { documentEmailRequest, messages, type IssuedDocument } from '@consultorio/shared';
import { Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { BusyModal } from '../../../components/busy-modal';
import { FormActions } from '../../../components/form-actions';
import { useEmailDocument } from '../api/document-actions';

const d = messages.documents;

interface EmailDocumentModalProps {
  document: IssuedDocument;
  onClose: () => void;
}

/** 'Enviar por e-mail': the signed PDF to the patient's (or the responsible's) e-mail, or to the one typed. */
export function EmailDocumentModal({ document, onClose }: EmailDocumentModalProps) {
  const send = useEmailDocument();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = documentEmailRequest.safeParse(email.trim() === '' ? {} : { email });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    send.mutate({ documentId: document.id, email: parsed.data.email }, { onSuccess: onClose });
  };
  return (
    <BusyModal opened title={d.emailTitle} isBusy={send.isPending} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <Text size="sm">{d.emailText}</Text>
          <TextInput
            type="email"
            label={d.emailTo}
            description={d.emailHint}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            disabled={send.isPending}
            error={error}
          />
          <FormActions submitLabel={send.isPending ? d.sending : d.send} disabled={send.isPending} onClose={onClose} />
        </Stack>
      </form>
    </BusyModal>
  );
}
