import { messages, type Form } from '@consultorio/shared';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconLock, IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';

interface FormCardProps {
  form: Form;
  onEdit: (form: Form) => void;
}

/** A form in the patient's list: its questionnaire as the label, its name, its dates. */
export function FormCard({ form, onEdit }: FormCardProps) {
  return (
    <Paper component="article" aria-label={form.name} p="md" h="100%">
      <Stack justify="space-between" h="100%">
        <Stack gap={6} miw={0}>
          <Group gap="xs">
            <Badge variant="light" tt="none" maw="100%" title={form.qaTemplateName}>
              {form.qaTemplateName}
            </Badge>
            {form.isLocked && (
              <Badge variant="outline" color="gray" tt="none" leftSection={<IconLock size={12} />}>
                {messages.forms.lockedBadge}
              </Badge>
            )}
          </Group>
          <Text fw={600} truncate title={form.name}>
            {form.name}
          </Text>
          <Text size="xs" c="dimmed">
            {messages.forms.createdOn(formatDateTime(form.creationDate))}
          </Text>
          <Text size="xs" c="dimmed">
            {messages.forms.updatedOn(formatDateTime(form.lastUpdateDate))}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            component={Link}
            to={paths.patientForm(form.patientId, form.id)}
            size="xs"
            variant="light"
            leftSection={<IconExternalLink size={16} />}
          >
            {messages.forms.open}
          </Button>
          <Button size="xs" variant="default" leftSection={<IconPencil size={16} />} onClick={() => onEdit(form)}>
            {messages.forms.edit}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
