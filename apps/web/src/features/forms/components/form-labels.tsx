import { messages } from '@consultorio/shared';
import { Badge } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

interface FormLabelsProps {
  qaTemplateName: string;
  isLocked: boolean;
}

/** A form's questionnaire, and 'Bloqueado' while it is locked: on its card and its page. */
export function FormLabels({ qaTemplateName, isLocked }: FormLabelsProps) {
  return (
    <>
      <Badge variant="light" tt="none" maw="100%" title={qaTemplateName}>
        {qaTemplateName}
      </Badge>
      {isLocked && (
        <Badge variant="outline" color="gray" tt="none" leftSection={<IconLock size={12} />}>
          {messages.forms.lockedBadge}
        </Badge>
      )}
    </>
  );
}
