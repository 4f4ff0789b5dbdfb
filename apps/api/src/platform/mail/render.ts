import { messages } from '@consultorio/shared';
import { escapeHtml } from '../sanitize-html';

export interface MailContent {
  greetingName: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string[];
}

/** Renders the product's mail layout as plain text and as simple, inline-styled HTML. */
export function renderMail(content: MailContent): { text: string; html: string } {
  const footer = content.footer ?? [messages.mail.ignore];
  const greeting = messages.mail.greeting(content.greetingName);
  const text = [
    greeting,
    '',
    ...content.paragraphs,
    ...(content.action ? ['', `${content.action.label}: ${content.action.url}`] : []),
    '',
    ...footer,
    '',
    messages.mail.signature,
  ].join('\n');

  const paragraph = (line: string) =>
    `<p style="margin:0 0 16px">${escapeHtml(line).replace(/\n/g, '<br>')}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#0c8599;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.action.label)}</a></p><p style="margin:0 0 16px;font-size:12px;color:#555;word-break:break-all">${escapeHtml(content.action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,Helvetica,sans-serif;color:#212529;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">${paragraph(greeting)}${content.paragraphs.map(paragraph).join('')}${button}${footer.map((line) => `<p style="margin:0 0 8px;font-size:12px;color:#666">${escapeHtml(line)}</p>`).join('')}<p style="margin:16px 0 0">${escapeHtml(messages.mail.signature)}</p></body></html>`;
  return { text, html };
}
