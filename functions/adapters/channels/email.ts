/**
 * E-mail: Amazon SES when deployed, an outbox directory of .eml files locally (so an operator
 * can open what would have been sent, and tests can read it, without any mail server).
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { ClientOptions } from '../aws';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Delivery, Notification } from '../../core/notification';

/** One plain-text message; `label` names its outbox file (the game, version, player, kind). */
export interface Mail {
  subject: string;
  text: string;
  label: (string | number)[];
  /** The player it is for: SES tags the message with it, so a bounce or complaint finds their settings. */
  playerId?: string;
}

export interface Mailer {
  send(to: string, mail: Mail): Promise<Delivery>;
}

/** A notification as a message: the sentence and the link to the game. */
export function notificationMail(n: Notification): Mail {
  return { subject: n.title, text: `${n.body}\n\n${n.url}\n`, label: [n.gameId, n.version, n.playerId, n.kind], playerId: n.playerId };
}

export class SesMailer implements Mailer {
  private readonly client: SESv2Client;

  constructor(
    private readonly from: string,
    /** The SES configuration set whose event destination reports bounces and complaints (functions/handlers/ses-events.ts). */
    private readonly configurationSet: string | undefined,
    client: ClientOptions,
  ) {
    this.client = new SESv2Client(client);
  }

  async send(to: string, mail: Mail): Promise<Delivery> {
    // SES accepts or throws; bounces arrive later (via SNS), so there is no synchronous 'gone'.
    await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: this.from,
        Destination: { ToAddresses: [to] },
        ...(this.configurationSet ? { ConfigurationSetName: this.configurationSet } : {}),
        ...(mail.playerId ? { EmailTags: [{ Name: 'playerId', Value: mail.playerId }] } : {}),
        Content: {
          Simple: {
            Subject: { Data: mail.subject, Charset: 'UTF-8' },
            Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
          },
        },
      }),
    );
    return 'sent';
  }
}

export class OutboxMailer implements Mailer {
  constructor(
    private readonly dir: string,
    private readonly from = 'Caravela <caravela@localhost>',
  ) {}

  async send(to: string, mail: Mail): Promise<Delivery> {
    await mkdir(this.dir, { recursive: true });
    const now = new Date();
    const message = [
      `From: ${header(this.from)}`,
      `To: ${header(to)}`,
      `Subject: ${encodeWord(header(mail.subject))}`,
      `Date: ${rfc5322Date(now)}`,
      `Message-ID: <${randomBytes(12).toString('hex')}@caravela.local>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      mail.text,
    ]
      .join('\n')
      .replace(/\r?\n/g, '\r\n'); // RFC 5322 lines end in CRLF, also inside the body

    // ISO time first so a directory listing is chronological; ':' is not allowed in Windows names.
    const stem = [now.toISOString().replace(/:/g, '-'), ...mail.label].map((p) => safe(String(p))).join('-');
    // 'wx' never overwrites: the same message twice within one millisecond gets a suffix.
    for (let i = 1; ; i++) {
      try {
        await writeFile(join(this.dir, `${stem}${i === 1 ? '' : `-${i}`}.eml`), message, { flag: 'wx' });
        return 'sent';
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || i >= 100) throw err;
      }
    }
  }
}

/** Header values must stay on one line, or a title could inject headers. */
function header(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}

/**
 * RFC 2047 encoded-words for non-ASCII subjects (player names, translations). Each word stays
 * under 75 characters and never splits a character's UTF-8 bytes.
 */
function encodeWord(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return value;
  const words: string[] = [];
  let chunk = '';
  for (const ch of value) {
    if (Buffer.byteLength(chunk + ch) > 45) {
      words.push(chunk);
      chunk = '';
    }
    chunk += ch;
  }
  words.push(chunk);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w, 'utf8').toString('base64')}?=`).join('\r\n ');
}

function rfc5322Date(d: Date): string {
  // toUTCString is "Tue, 02 Jan 2024 03:04:05 GMT"; RFC 5322 prefers a numeric zone.
  return d.toUTCString().replace(/GMT$/, '+0000');
}

function safe(part: string): string {
  return part.replace(/[^A-Za-z0-9_.-]/g, '_');
}
