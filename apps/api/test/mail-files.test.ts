import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages } from '@consultorio/shared';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../src/config';
import { createMailer, type Mailer } from '../src/platform/mail/mailer';
import { renderMail } from '../src/platform/mail/render';

let dataDir: string;
let config: Config;
let mailer: Mailer;
const lines: Array<{ details: object; line: string }> = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'consultorio-mail-'));
  config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://consultorio.test' });
  expect(config.smtpUrl).toBeUndefined();
  // Built the way main.ts builds it, with a logger that keeps every line.
  mailer = createMailer({
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    mailDir: path.join(config.dataDir, 'mail'),
    logger: { info: (details, line) => lines.push({ details, line }) },
  });
});
afterAll(async () => {
  mailer.close();
  await rm(dataDir, { recursive: true, force: true });
});

const mailDir = () => path.join(dataDir, 'mail');

describe('file mailer (no SMTP_URL)', () => {
  it('writes a parseable .eml into DATA_DIR/mail and logs one line with the link', async () => {
    const url = 'http://consultorio.test/confirm-user-registration?token=abc_DEF-123';
    await mailer.send({
      to: 'maria@example.com',
      subject: messages.mail.registrationSubject,
      ...renderMail({ greetingName: 'Maria', paragraphs: [messages.mail.registrationBody], action: { label: messages.mail.registrationButton, url } }),
      links: [url],
    });

    const names = await readdir(mailDir());
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/\.eml$/);
    const mail = await PostalMime.parse(await readFile(path.join(mailDir(), names[0]!)));
    expect(mail.subject).toBe(messages.mail.registrationSubject);
    expect(mail.to?.map((address) => address.address)).toEqual(['maria@example.com']);
    expect(mail.from?.address).toBe('nao-responda@consultorio.local');
    expect(mail.from?.name).toBe('Consultório');
    expect(mail.text).toContain(messages.mail.greeting('Maria'));
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(url);

    expect(lines).toHaveLength(1);
    expect(lines[0]!.line).toContain(url);
    expect(lines[0]!.line).toContain(path.join(mailDir(), names[0]!));
    expect(lines[0]!.details).toMatchObject({ to: 'maria@example.com', subject: messages.mail.registrationSubject, links: [url] });
  });

  it('writes each mail to a file of its own', async () => {
    const before = (await readdir(mailDir())).length;
    const logged = lines.length;
    for (const to of ['a@example.com', 'b@example.com']) {
      await mailer.send({ to, subject: messages.mail.usernameSubject, ...renderMail({ greetingName: 'A', paragraphs: ['x'] }) });
    }
    const names = await readdir(mailDir());
    expect(names).toHaveLength(before + 2);
    const recipients = await Promise.all(
      names.map(async (name) => (await PostalMime.parse(await readFile(path.join(mailDir(), name)))).to?.[0]?.address),
    );
    expect(recipients.sort()).toEqual(['a@example.com', 'b@example.com', 'maria@example.com']);
    expect(lines).toHaveLength(logged + 2);
  });

  it('escapes HTML in the content it renders', async () => {
    const { html, text } = renderMail({ greetingName: '<b>Ana</b>', paragraphs: ['1 < 2 & "ok"'] });
    expect(html).not.toContain('<b>Ana</b>');
    expect(html).toContain('&#60;b&#62;Ana&#60;/b&#62;');
    expect(text).toContain(messages.mail.greeting('<b>Ana</b>'));
  });
});
