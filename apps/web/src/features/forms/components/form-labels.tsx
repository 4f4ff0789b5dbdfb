import { messages } from '@consultorio/shared';
import { Badge } from '@mantine/core';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';

interface FormLabelsProps {
  qaTemplateName: string;
  isLocked: boolean;
  /** The patient sent the answers through the link. */
  isSubmitted?: boolean;
}

/** A form's questionnaire, 'Respondido' once the patient sent it, and 'Bloqueado' while it is locked: on its card and its page. */
export function FormLabels({ qaTemplateName, isLocked, isSubmitted = false }: FormLabelsProps) {
  return (
    <>
      <Badge variant="light" tt="none" maw="100%" title={qaTemplateName}>
        {qaTemplateName}
      </Badge>
      {isSubmitted && (
        <Badge variant="light" color="teal" tt="none" leftSection={<IconCircleCheck size={12} />}>
          {messages.measurement.submittedBadge}
        </Badge>
      )}
      {isLocked && (
        <Badge variant="outline" color="gray" tt="none" leftSection={<IconLock size={12} />}>
          {messages.forms.lockedBadge}
        </Badge>
      )}
    </>
  );
}
