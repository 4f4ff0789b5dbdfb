import { isPsychologist, messages, type IssuedDocument } from '@consultorio/shared';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useCurrentUser } from '../../../lib/session';
import { useDeleteDocument, useIssueDocument } from '../api/document-actions';
import { useDocuments } from '../api/list-documents';
import { DocumentCard, type DocumentAction } from './document-card';
import { DocumentFormModal } from './document-form-modal';
import { EmailDocumentModal } from './email-document-modal';
import { SignDocumentModal } from './sign-document-modal';
import { UploadSignedModal } from './upload-signed-modal';

const d = messages.documents;

type Open = { action: 'new' } | { action: DocumentAction; document: IssuedDocument } | null;

/** The patient's documents, newest first, with 'Novo documento' and each document's next steps. */
export function DocumentList({ patientId }: { patientId: string }) {
  const user = useCurrentUser();
  const documents = useDocuments(patientId);
  const issue = useIssueDocument();
  const remove = useDeleteDocument();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const current = open && open.action !== 'new' ? open.document : null;
  const list = documents.data ?? [];

  return (
    <Stack>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={18} />} onClick={() => setOpen({ action: 'new' })}>
          {d.newDocument}
        </Button>
      </Group>
      {isPsychologist(user) && !user.professionalRegistration && (
        <Alert color="yellow" variant="light">
          {d.registrationHint}
        </Alert>
      )}
      {documents.isPending ? (
        <Center py="xl" role="status" aria-label={d.loading}>
          <Loader />
        </Center>
      ) : list.length === 0 ? (
        <Paper p="lg">
          <Text c="dimmed">{documents.isError ? messages.requestErrors.generic : d.empty}</Text>
        </Paper>
      ) : (
        <Stack component="section" aria-label={d.title} gap="sm">
          {list.map((document) => (
            <DocumentCard key={document.id} document={document} onAction={(action, chosen) => setOpen({ action, document: chosen })} />
          ))}
        </Stack>
      )}

      {(open?.action === 'new' || open?.action === 'edit') && <DocumentFormModal patientId={patientId} document={current} opened onClose={close} />}
      {open?.action === 'sign' && <SignDocumentModal document={open.document} onClose={close} />}
      {open?.action === 'upload' && <UploadSignedModal document={open.document} onClose={close} />}
      {open?.action === 'email' && <EmailDocumentModal document={open.document} onClose={close} />}
      <ConfirmModal
        opened={open?.action === 'issue'}
        title={d.issueTitle}
        text={d.issueText}
        confirmLabel={d.issue}
        busyLabel={d.issuing}
        isBusy={issue.isPending}
        onConfirm={() => current && issue.mutate(current.id, { onSettled: close })}
        onClose={close}
      />
      <ConfirmModal
        opened={open?.action === 'delete'}
        title={d.deleteDraft}
        text={d.deleteDraftConfirm}
        confirmLabel={d.deleteDraft}
        color="red"
        isBusy={remove.isPending}
        onConfirm={() => current && remove.mutate(current.id, { onSettled: close })}
        onClose={close}
      />
    </Stack>
  );
}
