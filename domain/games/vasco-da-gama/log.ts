/** One human-readable sentence per event, e.g. "Ana recruits 1 orange and 3 turquoise sailors for 3 Reals". */
import type { Seat } from '../../engine/contract';
import { plural } from '../../engine/words';
import { AREA_NAMES, CHARACTER_NAMES, DATA, LANDING_NAMES, MERCHANTS, SAILOR_COLOURS } from './data';
import type { VdgEvent } from './events';
import { projectName, shipWord } from './names';
import type { Sailors } from './types';

const reals = (n: number) => plural(n, 'Real');
const vp = (n: number) => `${n} VP`;

export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function sailorsText(s: Sailors): string {
  const parts = SAILOR_COLOURS.filter((c) => s[c] > 0).map((c) => `${s[c]} ${c}`);
  const total = SAILOR_COLOURS.reduce((n, c) => n + s[c], 0);
  return `${listWords(parts)} ${total === 1 ? 'sailor' : 'sailors'}`;
}

const shipText = (tile: string, owner: string | null) =>
  owner === null ? `the merchant ship (limit ${MERCHANTS[tile]?.limit})` : `${owner}'s ${shipWord(tile)}`;

export function describe(e: VdgEvent, names: readonly string[]): string {
  const n = (seat: Seat | null) => (seat === null ? 'nobody' : (names[seat] ?? `Seat ${seat + 1}`));
  switch (e.type) {
    case 'GameSetUp':
      return `A game for ${e.players} players is set up: ${n(e.firstPlayer)} starts with Bartolomeu Dias (2 VP)${
        e.holders.alvares !== null ? `, ${n(e.holders.alvares)} has Francisco Alvares (1 missionary)` : ''
      }, ${n(e.holders.sernigi)} has Girolamo Sernigi${e.holders.manuel !== null ? `, ${n(e.holders.manuel)} has Manuel I (Additional Action Disc)` : ''}`;
    case 'MerchantDue':
      return e.optional
        ? `${n(e.seat)} may send the merchant ship (limit ${MERCHANTS[e.tile]?.limit}) now or at the start of Phase 3`
        : `${n(e.seat)} must send the merchant ship (limit ${MERCHANTS[e.tile]?.limit})`;
    case 'MerchantSent':
      return `${n(e.seat)} sends the merchant ship (limit ${MERCHANTS[e.tile]?.limit}) to ${LANDING_NAMES[e.landing]}, slot ${e.slot + 1}${
        e.reals ? ` and receives ${reals(e.reals)}` : e.captain ? ' and receives a captain' : ''
      }`;
    case 'MerchantHeld':
      return `${n(e.seat)} will send the merchant ship at the start of Phase 3`;
    case 'MerchantDiscarded':
      return `The merchant ship (limit ${MERCHANTS[e.tile]?.limit}) finds no free slot and leaves the game`;
    case 'RoundStarted':
      return `Round ${e.round} begins, ${n(e.firstPlayer)} first: the initial number is ${e.initialNumber} and Vasco da Gama offers ${reals(e.coins[0])} and ${reals(e.coins[1])}`;
    case 'DiscPlaced':
      return `${n(e.seat)} places ${e.number > 20 ? 'the Additional Action Disc with ' : ''}number ${e.number} in ${AREA_NAMES[e.area]}`;
    case 'VariationRevealed':
      return `Vasco da Gama moves the marker ${e.variation >= 0 ? '+' : ''}${e.variation}: actions from number ${e.freeNumber} on are free`;
    case 'NumberCalled':
      return `Number ${e.number}: ${n(e.seat)} in ${AREA_NAMES[e.area]}${e.cost ? ` (the right to act costs ${reals(e.cost)})` : ' (free)'}`;
    case 'ActionGivenUp':
      return `${n(e.seat)} ${e.forced ? 'cannot act and gives up' : 'gives up'} number ${e.number}${e.refund ? ` for ${reals(e.refund)}` : ''}`;
    // The call ("Number 6: Ana in Recruiting (free)") and what the action does tell the story:
    // starting and finishing a free action add only padding to the log.
    case 'ActionStarted':
      return e.paid ? `${n(e.seat)} pays ${reals(e.paid)} to act with number ${e.number}` : '';
    case 'ActionCompleted':
      return '';
    case 'ProjectsPurchased':
      return `${n(e.seat)} buys ${listWords(e.projects.map(projectName))} for ${reals(e.price)}`;
    case 'SaoGabrielPurchased':
      return `${n(e.seat)} buys the São Gabriel, ${projectName(e.project)}, for ${reals(e.price)}; it is launched at once`;
    case 'RecruitStarted':
      return `${n(e.seat)} recruits from section ${e.section + 1}`;
    case 'SailorsRecruited':
      return `${n(e.seat)} recruits ${sailorsText(e.sailors)} for ${reals(e.cost)}${e.captain ? ` and a captain for ${reals(e.captainCost)}` : ''}`;
    case 'CaptainRecruited':
      return `${n(e.seat)} recruits a captain for free`;
    case 'ExpeditionStarted':
      return `${n(e.seat)} sets out for ${LANDING_NAMES[e.landing]}`;
    case 'ShipSent': {
      const gifts = [vp(e.vp), e.reals ? reals(e.reals) : '', e.captain ? 'a captain' : ''].filter(Boolean);
      return `${n(e.seat)} sends ${projectName(e.ship)} to ${LANDING_NAMES[e.landing]}, slot ${e.slot + 1}, for ${listWords(gifts)}`;
    }
    case 'ExpeditionEnded': {
      const choice = DATA.landingBonus.value[e.landing] === 'project' ? 'project' : 'sailor';
      const gifts = [
        e.reals ? reals(e.reals) : '',
        e.captains ? plural(e.captains, 'captain') : '',
        e.choices ? `${plural(e.choices, choice)} to choose` : '',
      ];
      const bonus = gifts.filter(Boolean).length ? `; bonus: ${listWords(gifts.filter(Boolean))}` : '';
      return `${n(e.seat)}'s expedition to ${LANDING_NAMES[e.landing]} ends with ${plural(e.ships, 'ship')} sent${bonus}`;
    }
    case 'ProjectTaken':
      return `${n(e.seat)} takes ${projectName(e.project)} as the Natal bonus`;
    case 'SailorTaken':
      return `${n(e.seat)} takes ${e.colour === 'orange' ? 'an' : 'a'} ${e.colour} sailor ${e.section === null ? 'from the bag' : `from section ${e.section + 1}`}`;
    case 'MoneyTaken':
      return `${n(e.seat)} takes Vasco da Gama's ${reals(e.reals)}`;
    case 'CharacterHosted': {
      const from = e.from === e.seat ? ' again' : e.from === null ? '' : ` (taking the tile from ${n(e.from)})`;
      const gain = e.vp
        ? ` and scores ${vp(e.vp)}`
        : e.character === 'alvares'
          ? e.missionary
            ? ' and receives a missionary'
            : '; no missionary is left'
          : '';
      return `${n(e.seat)} hosts ${CHARACTER_NAMES[e.character]}${from}${gain}`;
    }
    case 'ExtraDiscPlaced':
      return `${n(e.seat)} places the Additional Action Disc with number ${e.number} in ${AREA_NAMES[e.area]}`;
    case 'ShipLaunched':
      return `${n(e.seat)} launches ${projectName(e.project)} with a crew of ${listWords(e.crew.map((c) => (c === 'missionary' ? 'a missionary' : c)))}`;
    case 'NavigationStarted':
      return `Round ${e.round}, Phase 3: navigation`;
    case 'ShipRewarded':
      return `${n(e.seat)}'s ${shipWord(e.tile)} at ${LANDING_NAMES[e.landing]} earns ${listWords([e.vp ? vp(e.vp) : '', e.reals ? reals(e.reals) : ''].filter(Boolean))}`;
    case 'LandingScored':
      return `${LANDING_NAMES[e.landing]} is complete: ${listWords([...new Set(e.owners)].map((o) => `${n(o)} scores ${vp(e.vpPerShip * e.owners.filter((x) => x === o).length)}`))}`;
    case 'ShipNavigated':
      return `${shipText(e.tile, e.owner === null ? null : n(e.owner))} sails from ${LANDING_NAMES[e.from]} to ${LANDING_NAMES[e.to]}, slot ${e.toSlot + 1}`;
    case 'ShipDiscarded':
      return `${shipText(e.tile, e.owner === null ? null : n(e.owner))} leaves ${LANDING_NAMES[e.from]} and the game${e.owner === null ? '' : '; its captain returns'}`;
    case 'ProjectsReplaced':
      return `New projects: ${listWords(e.row.filter((t): t is string => t !== null).map(shipWord))}${e.saoGabriel ? `; São Gabriel: ${shipWord(e.saoGabriel)}` : ''}${
        e.discarded.length ? ` (${plural(e.discarded.length, 'unsold project')} leave the game)` : ''
      }`;
    case 'MerchantRevealed':
      return `The next merchant ship (limit ${MERCHANTS[e.tile]?.limit}) is turned face up`;
    case 'RecruitingRefilled': {
      const parts = e.added.flatMap((s, i) => (SAILOR_COLOURS.some((c) => s[c] > 0) ? [`${sailorsText(s)} to section ${i + 1}`] : []));
      return parts.length
        ? `Sailors are drawn from the bag: ${listWords(parts)}`
        : 'No sailors are drawn: the bag is empty or the sections are full';
    }
    case 'MissionaryGranted':
      return e.granted
        ? `${n(e.seat)} (Francisco Alvares) receives a missionary`
        : `${n(e.seat)} (Francisco Alvares) gets no missionary: none is left`;
    case 'DiasScored':
      return `${n(e.seat)} (Bartolomeu Dias) scores ${vp(e.vp)}`;
    case 'ExtraDiscReturned':
      return `${n(e.seat)} lost Manuel I and returns the Additional Action Disc`;
    case 'FinalLaunchStarted':
      return 'The fifth round is over: last launches before the final scoring';
    case 'PlayerFinished':
      return `${n(e.seat)} is done${e.auto ? ' (nothing left to launch)' : ''}`;
    case 'GameEnded': {
      const ranked = [...e.scores].sort((a, b) => a.rank - b.rank);
      return `The game ends: ${ranked.map((r) => `${r.rank}. ${n(r.seat)} ${vp(r.total)}`).join(', ')}`;
    }
  }
}
