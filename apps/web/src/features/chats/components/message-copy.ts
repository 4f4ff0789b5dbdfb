import type { ChatMessageContent } from '@consultorio/shared';

/** What a message's copy button copies: its text, or else the names of what was sent. */
export function copyTextOf(content: ChatMessageContent): string {
  const text = content.text?.trim() ?? '';
  if (text !== '') return text;
  return [...(content.attachments ?? []), content.form, content.record]
    .filter((name): name is string => typeof name === 'string' && name !== '')
    .join('\n');
}
