import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { messages } from '@consultorio/shared';
import { expect } from '@playwright/test';

function mailDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return path.join(dataDir, 'mail');
}

/** Undoes quoted-printable: soft line breaks and =XX escapes (UTF-8 bytes). */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

async function readMails(): Promise<{ name: string; text: string }[]> {
  const names = await readdir(mailDir()).catch(() => [] as string[]);
  const emls = names.filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    emls.map(async (name) => ({
      name,
      text: decodeQuotedPrintable(await readFile(path.join(mailDir(), name), 'utf8')),
    })),
  );
}

/** Waits for the newest mail to `recipient` whose text matches `pattern`; returns the match. */
async function waitForMail(recipient: string, pattern: RegExp, description: string): Promise<RegExpExecArray> {
  const found: { match?: RegExpExecArray } = {};
  await expect
    .poll(
      async () => {
        const mails = await readMails();
        const newest = mails.reverse().find((mail) => mail.text.includes(recipient) && pattern.test(mail.text));
        found.match = (newest && pattern.exec(newest.text)) ?? undefined;
        return found.match;
      },
      { message: `a mail to ${recipient} with ${description}`, timeout: 15_000 },
    )
    .toBeDefined();
  if (!found.match) throw new Error(`no mail to ${recipient} with ${description}`);
  return found.match;
}

/**
 * Waits for the newest mail to `recipient` that carries a link to `routePath` and returns
 * that link as a path with its query, to be opened against the test server.
 */
export async function waitForMailLink(recipient: string, routePath: string): Promise<string> {
  const linkPattern = new RegExp(`https?://[^\\s"'<>]*${routePath}\\?token=[^\\s"'<>&]+`);
  const [link] = await waitForMail(recipient, linkPattern, `a ${routePath} link`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The temporary password of the newest recovery mail to `recipient` (its text is `messages.mail.passwordBody`). */
export async function waitForRecoveryPassword(recipient: string): Promise<string> {
  const placeholder = '\u0000';
  const [before = ''] = messages.mail.passwordBody(placeholder).split(placeholder);
  // The server's passwords are letters and digits (apps/api/src/platform/tokens.ts).
  const [, password] = await waitForMail(recipient, new RegExp(`${escapeRegExp(before)}([A-Za-z0-9]+)`), 'a temporary password');
  if (!password) throw new Error(`no temporary password in the mail to ${recipient}`);
  return password;
}
