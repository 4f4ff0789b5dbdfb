import { Typography } from '@mantine/core';

/** A questionnaire's description, as formatted text (paragraphs, bold, lists). */
export function TemplateDescription({ html }: { html: string }) {
  if (html.trim() === '') return null;
  return (
    <Typography fz="sm" c="dimmed">
      {/* The description is HTML sanitized by the server before it is stored and sent. */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
