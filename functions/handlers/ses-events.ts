/**
 * SES bounce and complaint events, through the SNS topic the configuration set's event
 * destination publishes to: the address the event names stops receiving mail from Caravela — it
 * is marked `bounced` or `complained` in the player's settings, with when and what SES said, so
 * the notifier and the digest leave it alone and the settings screen shows why. Only the
 * address still in the player's settings is marked (one changed since is left alone). Marking
 * again what is marked changes nothing, so a message SNS delivers twice is harmless.
 * (Locally there is no SES: the outbox keeps every email and nothing bounces.)
 */
import type { SNSEvent } from 'aws-lambda';
import { sameAddress, sesReport } from '../core/ses-event';
import { getRuntime } from '../host/runtime';
import { observed } from '../observe/observed';
import { logger } from '../observe/log';

export const handler = observed('sesEvents', async (event: SNSEvent): Promise<{ marked: number }> => {
  const { records } = getRuntime();
  let marked = 0;
  for (const record of event.Records ?? []) {
    const report = sesReport(record.Sns?.Message ?? '');
    if (!report) continue;
    if (!report.playerId) {
      logger.warn('an SES bounce or complaint names no player (mail sent without the playerId tag)', { addresses: report.blocks.length });
      continue;
    }
    const { after, before } = await records.updateSettings(report.playerId, (r) => {
      const block = report.blocks.find((b) => sameAddress(b.address, r.settings.email));
      if (!block || (r.emailBlocked?.address === r.settings.email && r.emailBlocked.kind === block.kind)) return null;
      return { ...r, emailBlocked: { ...block, address: r.settings.email! } };
    });
    if (after !== before) {
      marked++;
      logger.info('an email address stops receiving mail', { playerId: report.playerId, kind: after.emailBlocked?.kind });
    }
  }
  return { marked };
});
