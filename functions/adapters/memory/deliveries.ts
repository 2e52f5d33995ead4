/**
 * Delivery markers in memory, as on the table (adapters/store/deliveries.ts): written by the first
 * claim, answered by time after (claimOfMarker), a lapsed claim taken over by the one claimer
 * that gets there first — here at once, since nothing runs between the read and the write.
 */
import { claimOfMarker, type Claim, type ClaimLimits, type ClaimMarker } from '../../stores/notifications';

export function claimIn(markers: Map<string, ClaimMarker>, id: string, now: Date, limits: ClaimLimits): Claim {
  const marker = markers.get(id);
  if (!marker) {
    markers.set(id, { status: 'claimed', at: now.toISOString(), first: now.toISOString() });
    return 'new';
  }
  const claim = claimOfMarker(marker, now, limits);
  if (claim === 'retry') Object.assign(marker, { status: 'claimed', at: now.toISOString() });
  return claim;
}

/** Marks the attempt that claimed a delivery at `claimedAt` failed, unless another claim took it over since. */
export function markAttemptFailed(markers: Map<string, ClaimMarker>, id: string, claimedAt: Date): void {
  const marker = markers.get(id);
  if (marker?.status === 'claimed' && marker.at === claimedAt.toISOString()) marker.status = 'failed';
}

/** Marks a claimed delivery done. */
export function markDone(markers: Map<string, ClaimMarker>, id: string): void {
  const marker = markers.get(id);
  if (marker) marker.status = 'sent';
}
