import { messages, type IssuedDocument } from '@consultorio/shared';
import { Button, FileInput, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { BusyModal } from '../../../components/busy-modal';
import { FormActions } from '../../../components/form-actions';
import { documentPdfUrl, useUploadSignedPdf } from '../api/document-actions';

const d = messages.documents;

interface UploadSignedModalProps {
  document: IssuedDocument;
  onClose: () => void;
}

/** 'Enviar PDF assinado': the issued PDF to download, and the file signed elsewhere to send back. */
export function UploadSignedModal({ document, onClose }: UploadSignedModalProps) {
  const upload = useUploadSignedPdf();
  const [file, setFile] = useState<File | null>(null);
  return (
    <BusyModal opened title={d.uploadSignedTitle} isBusy={upload.isPending} onClose={onClose}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (file) upload.mutate({ documentId: document.id, file }, { onSuccess: onClose });
        }}
      >
        <Stack>
          <Text size="sm">{d.uploadSignedText}</Text>
          <Button component="a" href={documentPdfUrl(document)} download variant="default" leftSection={<IconDownload size={16} />} w="fit-content">
            {d.download}
          </Button>
          <FileInput
            label={d.uploadSigned}
            placeholder={d.chooseSignedPdf}
            accept="application/pdf,.pdf"
            required
            value={file}
            onChange={setFile}
            disabled={upload.isPending}
            error={upload.error?.message}
          />
          <FormActions submitLabel={upload.isPending ? d.uploading : d.uploadSigned} disabled={upload.isPending || !file} onClose={onClose} />
        </Stack>
      </form>
    </BusyModal>
  );
}
