/**
 * The bot that plays for a seat whose time ran out: safe moves only, by fixed rules, so an
 * absent player loses as little as possible and nobody can exploit it. It gives up called
 * actions (collecting the refund), places discs on the highest free numbers (the largest
 * refunds), sends the merchant ship to the leftmost fitting slot of the lowest landing, ends
 * expeditions, takes the first offered bonus and finishes at the end.
 */
import type { Bot } from '../../engine/bots';
import type { VdgCommand } from './commands';
import type { VdgState } from './types';

const first = <T extends VdgCommand['type']>(legal: readonly VdgCommand[], type: T) =>
  legal.find((c): c is Extract<VdgCommand, { type: T }> => c.type === type);

export const safeBot: Bot<VdgState, VdgCommand> = {
  name: 'safe',
  choose(_state, _seat, legal) {
    const turn = legal.filter((c) => c.type !== 'launch');
    const options = turn.length ? turn : legal;
    const place = options.filter((c): c is Extract<VdgCommand, { type: 'place' }> => c.type === 'place');
    if (place.length) return place.reduce((best, c) => (c.number > best.number ? c : best));
    // `legal` lists merchant placements landing by landing from Natal, slots left to right.
    return (
      first(options, 'giveUp') ??
      first(options, 'endExpedition') ??
      first(options, 'finish') ??
      first(options, 'sendMerchant') ??
      options[0]!
    );
  },
};
