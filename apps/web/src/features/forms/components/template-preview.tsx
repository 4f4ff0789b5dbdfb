import { messages, type FormContent, type Scoring, type TemplateSection } from '@consultorio/shared';
import { Stack, Text } from '@mantine/core';
import { QuestionnaireFields } from './questionnaire-fields';
import { ScoreSummary } from './score-summary';
import { useAnswersForm, useCurrentContent } from './use-answers-form';

const noAnswers: FormContent = {};

interface TemplatePreviewProps {
  content: TemplateSection[];
  scoring: Scoring | null;
}

/**
 * A questionnaire as a form shows it, with the same fields and live score as the form page;
 * what is typed here is never saved.
 */
export function TemplatePreview({ content, scoring }: TemplatePreviewProps) {
  const answersForm = useAnswersForm(content, noAnswers);
  const currentContent = useCurrentContent(content, answersForm.control);
  const hasQuestions = content.some((section) => section.fields.length > 0);

  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {hasQuestions ? messages.qaTemplates.previewIntro : messages.qaTemplates.previewEmpty}
      </Text>
      {hasQuestions && <QuestionnaireFields sections={content} control={answersForm.control} />}
      {hasQuestions && scoring && <ScoreSummary template={{ content, scoring }} content={currentContent} />}
    </Stack>
  );
}
