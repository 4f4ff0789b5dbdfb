import { messages, type ClinicalRecord } from '@consultorio/shared';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';

interface RecordCardProps {
  record: ClinicalRecord;
  onEdit: (record: ClinicalRecord) => void;
}

/** A record in the patient's list: the assistant that wrote it as the label, its name, its dates. */
export function RecordCard({ record, onEdit }: RecordCardProps) {
  return (
    <Paper component="article" aria-label={record.name} p="md" h="100%">
      <Stack justify="space-between" h="100%">
        <Stack gap={6} miw={0}>
          {record.aiAssistantName !== null && (
            <Group gap="xs">
              <Badge variant="light" tt="none" maw="100%" title={messages.records.writtenBy(record.aiAssistantName)}>
                {record.aiAssistantName}
              </Badge>
            </Group>
          )}
          <Text fw={600} truncate title={record.name}>
            {record.name}
          </Text>
          <Text size="xs" c="dimmed">
            {messages.records.createdOn(formatDateTime(record.creationDate))}
          </Text>
          <Text size="xs" c="dimmed">
            {messages.records.updatedOn(
              record.lastUpdateDate === null ? messages.common.dash : formatDateTime(record.lastUpdateDate),
            )}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            component={Link}
            to={paths.patientRecord(record.patientId, record.id)}
            size="xs"
            variant="light"
            leftSection={<IconExternalLink size={16} />}
          >
            {messages.records.open}
          </Button>
          <Button size="xs" variant="default" leftSection={<IconPencil size={16} />} onClick={() => onEdit(record)}>
            {messages.records.edit}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
