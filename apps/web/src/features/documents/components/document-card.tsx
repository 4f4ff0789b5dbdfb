import { messages, type IssuedDocument } from '@consultorio/shared';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCertificate, IconDownload, IconEye, IconFileCheck, IconMail, IconPencil, IconTrash, IconUpload } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format';
import { documentPdfUrl } from '../api/document-actions';

const d = messages.documents;

export type DocumentAction = 'edit' | 'delete' | 'issue' | 'sign' | 'upload' | 'email';

interface DocumentCardProps {
  document: IssuedDocument;
  onAction: (action: DocumentAction, document: IssuedDocument) => void;
}

function statusOf(document: IssuedDocument): { label: string; color: string } {
  if (document.signedAt) return { label: d.statusSigned, color: 'teal' };
  if (document.issuedAt) return { label: d.statusIssued, color: 'blue' };
  return { label: d.statusDraft, color: 'gray' };
}

/** The dated lines of a document: created, issued, signed, sent. */
function historyOf(document: IssuedDocument): string[] {
  return [
    d.createdOn(formatDateTime(document.createdAt)),
    ...(document.issuedAt ? [d.issuedOn(formatDateTime(document.issuedAt))] : []),
    ...(document.signedAt ? [d.signedBy(document.signerName ?? '—', formatDateTime(document.signedAt))] : []),
    ...(document.sentAt && document.sentTo ? [d.sentTo(document.sentTo, formatDateTime(document.sentAt))] : []),
  ];
}

/**
 * A document of the patient: its title, state, purpose and recipient, and what can be done now: a
 * draft is edited, previewed, issued or deleted; an issued one downloaded and signed (here or
 * elsewhere); a signed one downloaded and mailed.
 */
export function DocumentCard({ document, onAction }: DocumentCardProps) {
  const status = statusOf(document);
  const download = (
    <Button component="a" href={documentPdfUrl(document)} download size="xs" variant="light" leftSection={<IconDownload size={16} />} aria-label={d.downloadLabel(document.title)}>
      {d.download}
    </Button>
  );
  return (
    <Paper component="article" aria-label={document.title} p="md">
      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="light" color={status.color}>
            {status.label}
          </Badge>
        </Group>
        <Text fw={600}>{document.title}</Text>
        <Text size="sm">{d.purposeLine(document.purpose)}</Text>
        <Text size="sm">{d.recipientLine(document.recipient)}</Text>
        {historyOf(document).map((line) => (
          <Text key={line} size="xs" c="dimmed">
            {line}
          </Text>
        ))}
        <Group gap="xs" mt={4}>
          {!document.issuedAt ? (
            <>
              <Button size="xs" variant="default" leftSection={<IconPencil size={16} />} onClick={() => onAction('edit', document)}>
                {d.edit}
              </Button>
              <Button component="a" href={documentPdfUrl(document)} target="_blank" rel="noopener" size="xs" variant="default" leftSection={<IconEye size={16} />}>
                {d.preview}
              </Button>
              <Button size="xs" leftSection={<IconFileCheck size={16} />} onClick={() => onAction('issue', document)}>
                {d.issue}
              </Button>
              <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => onAction('delete', document)}>
                {d.deleteDraft}
              </Button>
            </>
          ) : !document.signedAt ? (
            <>
              {download}
              <Button size="xs" leftSection={<IconCertificate size={16} />} onClick={() => onAction('sign', document)}>
                {d.sign}
              </Button>
              <Button size="xs" variant="default" leftSection={<IconUpload size={16} />} onClick={() => onAction('upload', document)}>
                {d.uploadSigned}
              </Button>
            </>
          ) : (
            <>
              {download}
              <Button size="xs" leftSection={<IconMail size={16} />} onClick={() => onAction('email', document)}>
                {d.email}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
