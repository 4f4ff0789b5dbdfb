import { messages, type Gender } from '@consultorio/shared';
import { Alert, Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconHeartHandshake } from '@tabler/icons-react';

/**
 * What the patient sees once the answers are sent: the thanks, and when an answer raised a
 * safety alert, the crisis lines (CVV 188 and SAMU 192) as links that dial them. The thanks
 * agree with the professional's gender, the words to the patient with the patient's.
 */
export function SubmittedNotice({ crisisSupport, professionalGender, patientGender }: { crisisSupport: boolean; professionalGender: Gender | null; patientGender: Gender | null }) {
  return (
    <Stack>
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} />} title={messages.measurement.submitted(professionalGender)}>
        {messages.measurement.submittedText}
      </Alert>
      {crisisSupport && (
        <Paper p="lg" withBorder component="section" aria-label={messages.measurement.crisisTitle}>
          <Stack gap="xs">
            <Title order={3} size="h4">
              <IconHeartHandshake size={20} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
              {messages.measurement.crisisTitle}
            </Title>
            <Text>{messages.measurement.crisisText(patientGender)}</Text>
            <List spacing="xs">
              <List.Item>
                <Anchor href="tel:188" fw={700}>
                  {messages.measurement.crisisCvv}
                </Anchor>
              </List.Item>
              <List.Item>
                <Anchor href="tel:192" fw={700}>
                  {messages.measurement.crisisSamu}
                </Anchor>
              </List.Item>
            </List>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
