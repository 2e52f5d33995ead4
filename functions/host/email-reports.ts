/**
 * SES bounce and complaint reports: the address a report names stops receiving mail from
 * Caravela — it is marked `bounced` or `complained` in the player's settings, with when and
 * what SES said, so the notifier and the digest leave it alone and the settings screen shows
 * why. Only the address still in the player's settings is marked (one changed since is left
 * alone). Marking again what is marked changes nothing, so a report delivered twice is harmless.
 */
import { sameAddress, type SesReport } from '../core/ses-event';
import type { PlayerStore } from '../stores/players';
import type { Observer } from '../observe/observer';

/** Mark the addresses a report names; true when a player's address was newly marked. */
export async function markReported(players: PlayerStore, report: SesReport, { log }: Observer): Promise<boolean> {
  if (!report.playerId) {
    log.warn('an SES bounce or complaint names no player (mail sent without the playerId tag)', { addresses: report.blocks.length });
    return false;
  }
  const { after, before } = await players.updateSettings(report.playerId, (r) => {
    const block = report.blocks.find((b) => sameAddress(b.address, r.settings.email));
    if (!block || (r.emailBlocked?.address === r.settings.email && r.emailBlocked.kind === block.kind)) return null;
    return { ...r, emailBlocked: { ...block, address: r.settings.email! } };
  });
  if (after === before) return false;
  log.info('an email address stops receiving mail', { playerId: report.playerId, kind: after.emailBlocked?.kind });
  return true;
}
