/**
 * Goa's choices built on the board (see ../choice.ts): a square or an edge of the auction grid;
 * a column of the progress board (its name for the action, the player's next row for progress);
 * a colony still to found; a plantation or colony of one's estate (spices put, returned, paid
 * from); an expedition card or a tile of one's own; a player for Espionage. Bids, passes, counts
 * and "done" sit beside the board. Each command's consequence in words before it is confirmed,
 * with who receives the money of an auction. Pure: no DOM.
 */
import type { GoaCommand } from '../../../../domain/games/goa/commands';
import { COLONY_NAMES, COLUMN_NAMES, type Column } from '../../../../domain/games/goa/data';
import type { GoaView } from '../../../../domain/games/goa/view';
import type { StateFrame } from '../../../../functions/core/protocol/frames';
import type { Choices } from '../choice';
import { tileName } from '../../../../domain/games/goa/log';
import { cardText, commandLabel, ducats, edgeText, place, tileText } from './labels';

const viewOf = (frame: StateFrame) => frame.view as GoaView;
const withCard = (card: string | undefined) => (card ? [`card:${card}`] : []);

export function partsOf(command: object): string[] {
  const c = command as GoaCommand;
  switch (c.type) {
    case 'placeFlag':
    case 'placeMarker':
    case 'swapWith':
      return [`cell:${c.r}:${c.c}`];
    case 'bid':
      return [`bid:${c.amount}`];
    case 'progress':
      return [`progress:${c.column}`, ...withCard(c.card), ...(c.from ?? []).map((spot) => `from:${spot}`)];
    case 'buildShips':
      return ['column:ships'];
    case 'harvest':
      return ['column:harvest', ...withCard(c.card)];
    case 'taxes':
      return ['column:taxes'];
    case 'expedition':
      return ['column:expedition'];
    case 'foundColony':
      return [`colony:${c.colony}`, ...withCard(c.card)];
    case 'playCard':
      return [`card:${c.card}`, 'play'];
    case 'discardCard':
      return [`card:${c.card}`, 'discard'];
    case 'useTile':
      return [`tile:${c.tile}`];
    case 'placeSpice':
    case 'removeSpice':
    case 'discardPlantation':
      return [`spot:${c.spot}`];
    case 'take':
      return [`take:${c.what}`];
    case 'chooseColony':
      return [`colonyTile:${c.tile}:${c.spice}`];
    case 'chooseColumn':
      return [`column:${c.column}`];
    case 'spy':
      return [`seat:${c.seat}`, `column:${c.column}`];
    case 'startWithRows':
      return c.columns.map((col) => `column:${col}`);
    case 'pass':
    case 'endTurn':
    case 'drawCard':
    case 'recruitColonists':
    case 'abandonColony':
    case 'done':
    case 'extraAction':
    case 'startWithDucats':
      return [c.type];
  }
}

/** The command a part makes alone (a bid, a pass, "done"), for its words. */
const alone = (frame: StateFrame, part: string) => frame.legal.find((c) => partsOf(c).join() === part) as GoaCommand | undefined;

export function partText(part: string, frame: StateFrame, names: readonly string[]): string {
  const view = viewOf(frame);
  const you = frame.you ?? 0;
  const [kind, a, b] = part.split(':');
  switch (kind) {
    case 'cell': {
      const [r, c] = [Number(a), Number(b)];
      const tile = view.grid[r]?.[c];
      return tile ? `${tileName(tile.id)} (${place(r, c)})` : edgeText(r, c);
    }
    case 'progress':
      return `progress in ${COLUMN_NAMES[a as Column]}`;
    case 'column':
      return COLUMN_NAMES[a as Column];
    case 'colony':
      return COLONY_NAMES[a as keyof typeof COLONY_NAMES];
    case 'card':
      return cardText(a!);
    case 'play':
      return 'play the card';
    case 'discard':
      return 'discard the card';
    case 'tile':
      return tileText(a!);
    case 'spot':
    case 'from':
      return `${kind === 'from' ? 'a spice from ' : ''}${spotName(view, you, a!)}`;
    case 'seat':
      return names[Number(a)] ?? `seat ${Number(a) + 1}`;
    default: {
      const command = alone(frame, part);
      return command ? commandLabel(command, view, you, names) : part;
    }
  }
}

/** A plantation or colony of the seat's estate by what it grows. */
function spotName(view: GoaView, seat: number, spot: string): string {
  const p = view.players[seat];
  const plantation = p?.plantations.find((x) => x.tile === spot);
  if (plantation) return `your ${plantation.spice} plantation`;
  const colony = Object.entries(p?.colonies ?? {}).find(([, x]) => x?.tile === spot);
  return colony ? `your colony ${COLONY_NAMES[colony[0] as keyof typeof COLONY_NAMES]}` : 'your plantation';
}

export function consequence(command: object, frame: StateFrame, names: readonly string[]): string {
  const c = command as GoaCommand;
  const view = viewOf(frame);
  const you = frame.you ?? 0;
  const first = `${commandLabel(c, view, you, names)}.`;
  const a = view.auction;
  const lot = a ? (a.tile ? tileText(a.tile.id) : 'the flag') : 'the lot';
  switch (c.type) {
    case 'bid':
      if (!a) return first;
      return a.auctioneer === you
        ? `${first} You take ${lot} and pay ${ducats(c.amount)} to the bank (the auctioneer pays nobody).`
        : `${first} If nobody bids more, you pay ${ducats(c.amount)} to ${names[a.auctioneer]}, the auctioneer, and take ${lot}.`;
    case 'pass':
      if (!a)
        return view.stage === 'extra' ? `${first} You take no additional action now; the round ends once every player has passed.` : first;
      if (a.auctioneer !== you) return `${first} You are out of this auction.`;
      return a.highBidder !== null && a.highBidder !== you
        ? `${first} ${names[a.highBidder]} takes ${lot} and pays you ${ducats(a.high)}.`
        : `${first} Nobody bid: you take ${lot} for nothing${a.tile ? '' : ', with its additional action card'}.`;
    case 'progress':
      return `${first} Your ${COLUMN_NAMES[c.column]} marker moves down a row: the row's yield is yours from now on, and its VP at the end.`;
    case 'placeMarker':
      return `${first} The square is auctioned when your marker's number comes up, with you as its auctioneer: the winning bid is paid to you.`;
    case 'done':
      return `${first} You finish this step of your turn.`;
    default:
      return first;
  }
}

export const goaChoices: Choices = { parts: partsOf, partText, consequence };
