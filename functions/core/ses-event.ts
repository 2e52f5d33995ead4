/**
 * What an SES event (published by the configuration set's event destination to SNS) says about
 * an address: a permanent bounce or a complaint stops mail to it. Transient bounces (a full
 * mailbox, a server down) do not: SES retries those itself. Pure: the SNS message's text in,
 * the player (from the `playerId` tag every message carries) and the blocks out.
 */
import type { EmailBlock } from './notification';

export interface SesReport {
  /** From the message's `playerId` tag; null for mail sent without it. */
  playerId: string | null;
  blocks: EmailBlock[];
}

interface SesMessage {
  eventType?: string;
  /** The field's name when SES feedback notifications, not event publishing, sent it. */
  notificationType?: string;
  mail?: { tags?: Record<string, string[]> };
  bounce?: {
    bounceType?: string;
    bounceSubType?: string;
    timestamp?: string;
    bouncedRecipients?: { emailAddress?: string; diagnosticCode?: string; status?: string }[];
  };
  complaint?: { timestamp?: string; complaintFeedbackType?: string; complainedRecipients?: { emailAddress?: string }[] };
}

/** The report of one SNS message, or null when it stops no mail (another event, a soft bounce, not SES's JSON). */
export function sesReport(message: string): SesReport | null {
  let m: SesMessage;
  try {
    m = JSON.parse(message) as SesMessage;
  } catch {
    return null;
  }
  if (!m || typeof m !== 'object') return null;
  const type = m.eventType ?? m.notificationType;
  const playerId = m.mail?.tags?.playerId?.[0] ?? null;
  const at = (t: string | undefined) => (t && !Number.isNaN(Date.parse(t)) ? new Date(t).toISOString() : new Date(0).toISOString());
  if (type === 'Bounce' && m.bounce?.bounceType === 'Permanent') {
    const b = m.bounce;
    const blocks = (b.bouncedRecipients ?? []).flatMap((r) =>
      r.emailAddress
        ? [
            {
              address: r.emailAddress,
              kind: 'bounced' as const,
              at: at(b.timestamp),
              reason: (r.diagnosticCode ?? `${r.status ?? ''} ${b.bounceSubType ?? ''} bounce`).trim().slice(0, 300),
            },
          ]
        : [],
    );
    return blocks.length ? { playerId, blocks } : null;
  }
  if (type === 'Complaint' && m.complaint) {
    const c = m.complaint;
    const reason = c.complaintFeedbackType ? `the recipient reported it (${c.complaintFeedbackType})` : 'the recipient marked it as spam';
    const blocks = (c.complainedRecipients ?? []).flatMap((r) =>
      r.emailAddress ? [{ address: r.emailAddress, kind: 'complained' as const, at: at(c.timestamp), reason }] : [],
    );
    return blocks.length ? { playerId, blocks } : null;
  }
  return null;
}

/** Addresses compare without regard to case (as SES reports them, and as mailboxes mostly treat them). */
export const sameAddress = (a: string, b: string | null): boolean => b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();
