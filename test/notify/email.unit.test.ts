/** The local e-mail outbox: one readable RFC 5322 file per message, sorted by time, never overwritten. */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../functions/core/notification';
import { notificationMail, OutboxMailer } from '../../functions/adapters/channels/email';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'caravela-outbox-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

const note: Notification = {
  kind: 'yourTurn',
  gameId: 'g-42',
  game: 'vasco-da-gama',
  version: 9,
  playerId: 'p-ana',
  urgent: false,
  title: 'Your turn in Vasco da Gama',
  body: 'Bruno placed number 8 in Characters. Round 2: it is your turn.',
  url: 'http://localhost:3000/games/g-42',
};

describe('OutboxMailer', () => {
  it('writes a .eml with From, To, Subject, Date and Content-Type, and the text body with the link', async () => {
    const dir = join(root, 'outbox'); // does not exist yet: the mailer creates it
    const mailer = new OutboxMailer(dir);
    await expect(mailer.send('ana@example.org', notificationMail(note))).resolves.toBe('sent');

    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-g-42-9-p-ana-yourTurn\.eml$/);

    const eml = await readFile(join(dir, files[0]!), 'utf8');
    const blank = eml.indexOf('\r\n\r\n'); // the first empty line ends the header
    const head = eml.slice(0, blank);
    const body = eml.slice(blank + 4);
    const headers = Object.fromEntries(head.split('\r\n').map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]));
    expect(headers.From).toMatch(/caravela/i);
    expect(headers.To).toBe('ana@example.org');
    expect(headers.Subject).toBe(note.title);
    expect(Math.abs(Date.parse(headers.Date!) - Date.now())).toBeLessThan(60_000);
    expect(headers['Content-Type']).toBe('text/plain; charset=utf-8');
    expect(headers['MIME-Version']).toBe('1.0');
    expect(body).toBe(`${note.body}\r\n\r\n${note.url}\r\n`);
  });

  it('keeps every message (unique names in time order), encodes non-ASCII subjects and strips header injection', async () => {
    const dir = join(root, 'many');
    const mailer = new OutboxMailer(dir);
    await mailer.send('a@example.org', notificationMail(note));
    await mailer.send('a@example.org', notificationMail(note)); // same game, version, player, kind: possibly the same millisecond
    await mailer.send('b@example.org', notificationMail({ ...note, title: 'Vez de João\r\nBcc: victim@example.org', playerId: 'p/../x' }));

    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(3);
    expect(files.every((f) => !f.includes('/') && f.endsWith('.eml'))).toBe(true);
    const third = await readFile(join(dir, files.find((f) => f.includes('p_.._x'))!), 'utf8');
    expect(third).not.toMatch(/^Bcc:/m);
    const subject = /^Subject: (.*(?:\r\n .*)*)/m.exec(third)![1]!;
    const decoded = subject
      .split('\r\n ')
      .map((w) => Buffer.from(/^=\?UTF-8\?B\?(.*)\?=$/.exec(w)![1]!, 'base64').toString('utf8'))
      .join('');
    expect(decoded).toBe('Vez de João Bcc: victim@example.org');
  });
});
