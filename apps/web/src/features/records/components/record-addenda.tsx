import { messages, type RecordAddendum } from '@consultorio/shared';
import { Box, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format';
import { useAddRecordAddendum } from '../api/add-record-addendum';
import { escapeHtml } from './print-record';

/** Plain text as the record's rich text: one paragraph per line. */
export function textAsParagraphs(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}

interface RecordAddendaProps {
  recordId: string;
  addenda: RecordAddendum[];
  timeZone: string;
}

/** The dated corrections of a finalized record, oldest first, and the form for a new one. */
export function RecordAddenda({ recordId, addenda, timeZone }: RecordAddendaProps) {
  const addAddendum = useAddRecordAddendum();
  const [text, setText] = useState('');
  const content = textAsParagraphs(text);

  const submit = () => {
    if (content === '') return;
    addAddendum.mutate({ recordId, content }, { onSuccess: () => setText('') });
  };

  return (
    <Paper component="section" aria-labelledby="record-addenda-title" p="md" withBorder>
      <Stack>
        <Title order={3} id="record-addenda-title" size="h4">
          {messages.records.addenda}
        </Title>
        {addenda.length === 0 ? (
          <Text c="dimmed">{messages.records.noAddenda}</Text>
        ) : (
          <Stack component="ol" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {addenda.map((addendum) => (
              <Box component="li" key={addendum.id}>
                <Text size="sm" fw={600}>
                  {messages.records.addendumOn(formatDateTime(addendum.createdAt, timeZone))}
                </Text>
                {/* Sanitized by the server to the editor's own formats. */}
                <Box className="record-addendum" dangerouslySetInnerHTML={{ __html: addendum.content }} />
              </Box>
            ))}
          </Stack>
        )}
        <Textarea label={messages.records.newAddendum} autosize minRows={3} value={text} onChange={(event) => setText(event.currentTarget.value)} />
        <Group justify="flex-end">
          <Button onClick={submit} disabled={content === '' || addAddendum.isPending}>
            {addAddendum.isPending ? messages.common.saving : messages.records.addAddendum}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
