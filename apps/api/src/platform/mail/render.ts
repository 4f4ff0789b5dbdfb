import { defaults, messages, ptBrDateFormat } from '@consultorio/shared';
import { escapeHtml } from '../sanitize-html';

export interface MailAction {
  label: string;
  url: string;
}

export interface MailContent {
  greetingName: string;
  paragraphs: string[];
  action?: MailAction;
  /** Several buttons, one under the other (confirm or cancel an appointment); after `action` when both are given. */
  actions?: MailAction[];
  footer?: string[];
}

/** Renders the product's mail layout as plain text and as simple, inline-styled HTML. */
export function renderMail(content: MailContent): { text: string; html: string } {
  const footer = content.footer ?? [messages.mail.ignore];
  const greeting = messages.mail.greeting(content.greetingName);
  const actions = [...(content.action ? [content.action] : []), ...(content.actions ?? [])];
  const text = [
    greeting,
    '',
    ...content.paragraphs,
    ...actions.flatMap((action) => ['', `${action.label}: ${action.url}`]),
    '',
    ...footer,
    '',
    messages.mail.signature,
  ].join('\n');

  const paragraph = (line: string) =>
    `<p style="margin:0 0 16px">${escapeHtml(line).replace(/\n/g, '<br>')}</p>`;
  const button = actions
    .map(
      (action) =>
        `<p style="margin:24px 0 8px"><a href="${escapeHtml(action.url)}" style="background:#0b7285;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:12px;color:#555;word-break:break-all">${escapeHtml(action.url)}</p>`,
    )
    .join('');
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,Helvetica,sans-serif;color:#212529;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">${paragraph(greeting)}${content.paragraphs.map(paragraph).join('')}${button}${footer.map((line) => `<p style="margin:0 0 8px;font-size:12px;color:#666">${escapeHtml(line)}</p>`).join('')}<p style="margin:16px 0 0">${escapeHtml(messages.mail.signature)}</p></body></html>`;
  return { text, html };
}

/** A link into the web app for an e-mail: `path` under the public URL, with the token as `?token=`. */
export function appLink(publicUrl: string, path: string, token?: string): string {
  const url = new URL(path, `${publicUrl}/`);
  if (token) url.searchParams.set('token', token);
  return url.toString();
}

/** A date and time as e-mails show it, in Brazilian Portuguese and the professional's zone. */
export function formatMailDateTime(date: Date, timeZone: string = defaults.timeZone): string {
  return ptBrDateFormat({ dateStyle: 'long', timeStyle: 'short', timeZone }).format(date);
}
