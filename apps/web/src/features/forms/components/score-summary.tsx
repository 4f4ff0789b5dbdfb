import { computeScore, messages, type FormContent, type Scoring, type TemplateSection } from '@consultorio/shared';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

interface ScoreSummaryProps {
  template: { content: TemplateSection[]; scoring: Scoring };
  /** The answers on screen, saved or not. */
  content: FormContent;
}

/** The score of a scored questionnaire (PHQ-9, GAD-7), recomputed as the answers change. */
export function ScoreSummary({ template, content }: ScoreSummaryProps) {
  const score = computeScore(template, content);
  const isComplete = score.answered === score.expected;
  return (
    <Paper p="md" component="section" aria-label={score.label}>
      <Stack gap="xs">
        <Title order={4}>{score.label}</Title>
        <div role="status">
          <Text fz="xl" fw={700}>
            {messages.forms.score(score.total, score.max)}
          </Text>
          <Text fw={500} c={isComplete ? undefined : 'dimmed'}>
            {isComplete && score.band !== null
              ? score.band
              : messages.forms.scoreIncomplete(score.answered, score.expected)}
          </Text>
        </div>
        {score.alerts.map((alert) => (
          <Alert key={alert} color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {alert}
          </Alert>
        ))}
      </Stack>
    </Paper>
  );
}
