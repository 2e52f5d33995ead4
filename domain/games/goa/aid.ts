/**
 * Goa's player aid (domain/engine/aid.ts), from the official rulebook. Numbers come from DATA;
 * reconstructed ones (the progress board's rows and costs, hand limits, tiles, colony fields) are not stated.
 */
import type { PlayerAid } from '../../engine/aid';
import { DATA } from './data';

const rounds = DATA.rounds.value;
const markers = DATA.markersByPlayers.value;
const need = DATA.colonistsNeeded.value;
const list = (values: readonly number[], or = false) => `${values.slice(0, -1).join(', ')} ${or ? 'or' : 'and'} ${values.at(-1)}`;

export const AID: PlayerAid = {
  goal: `Portuguese merchants grow their spice trade on the progress board, found colonies and collect expedition cards; after two parts of ${rounds} rounds the most victory points wins.`,
  turn: [
    {
      title: 'Playing the game',
      source: 'Playing the game',
      lines: [
        `The game has two parts, A and B, of ${rounds} rounds each; part B starts with B tiles on the auction grid.`,
        'Each round: 1. place auction markers, 2. tile auctions, 3. player actions.',
        `The starting player begins with the flag and ${DATA.startingDucats.value.first} ducats, the others with ${DATA.startingDucats.value.others}; money is kept secret.`,
      ],
    },
    {
      title: 'I. Place auction markers',
      source: 'I. Place auction markers',
      lines: [
        'The flag holder places the flag on an empty space or at the edge, orthogonally next to a tile, with his number 1 auction marker on it.',
        'Clockwise, each player places his next auction marker on an empty tile next to, or diagonal to, the previous marker.',
        'The flag holder ends the trail with his highest auction marker.',
        `Players use auction markers 1 to ${markers[2]}, ${markers[3]} or ${markers[4]} with 2, 3 or 4 players.`,
        'If no empty tile touches the previous marker, choose any empty tile; the trail continues from there.',
      ],
    },
    {
      title: '3. Player actions',
      source: '3. Player actions',
      lines: [
        'Each player has 3 actions: the flag holder takes his first, then the others clockwise, and so three times around.',
        'Before, during or after an action you may play 1 expedition card and use your tiles; neither is an action.',
        'Cards marked A change one action and are played only with it; the others may be played at any time in your turn.',
        'While you hold expedition cards and have played none this turn, your turn ends only when you end it.',
        "You may discard expedition cards at any time, even on another player's turn.",
      ],
    },
    {
      title: 'End of a round',
      source: 'End of a round',
      lines: [
        'From the starting player clockwise, each player may play 1 additional action card for an extra action, or pass for the rest of the round.',
        `Each player may keep only ${DATA.keepAdditionalActions.value} additional action card, so he must play all the others.`,
        'The round ends when all players pass; used cards go back to the supply.',
        `Only the ${DATA.additionalActionCards.value} printed additional action cards exist: when the supply is empty, a player due one gets none.`,
      ],
    },
  ],
  actions: [
    {
      title: 'Tile auctions',
      source: '2. Tile auctions',
      lines: [
        'The flag is auctioned first, then the tile under each auction marker in number order, its owner acting as auctioneer.',
        'The auctioneer opens at 0; each other player in turn bids once, higher, or passes; the auctioneer bids last or passes.',
        'The highest bidder pays the auctioneer and takes the tile; if the auctioneer wins, he pays the bank.',
        'Whoever takes the flag is the starting player and takes 1 additional action card with it.',
        'If all others pass, the auctioneer takes the lot for nothing; the flag still brings its additional action card.',
        'A player who cannot outbid is still asked, and may only pass; bids and passes are final.',
      ],
    },
    {
      title: 'Progress on the development board',
      source: '3. Player actions — 1. Progress on the development board',
      lines: [
        'Move one success marker on your progress board one row down.',
        'Pay the spices shown between the rows, from your plantations and colonies as you choose, plus 1 ship for each spice.',
        "Lower rows give more when you take that column's action, and more victory points at the end.",
        "The first player to reach a column's second-to-last or last row draws 1 expedition card, even over his hand limit.",
        'Each time all five of your success markers reach at least the 2nd, 3rd, 4th or 5th row, take 1 additional action card.',
      ],
    },
    {
      title: 'Build ships',
      source: '3. Player actions — 2. Build ships',
      lines: ["Take as many ships from the supply as your marker's row in the ship column shows."],
    },
    {
      title: 'Harvest',
      source: '3. Player actions — 3. Harvest',
      lines: [
        "Take as many spices as your marker's row in the spice column shows and place them on empty fields of your plantations and colonies.",
        'You take only what you have room for; with every field full, Harvest is not offered.',
      ],
    },
    {
      title: 'Taxes',
      source: '3. Player actions — 4. Taxes',
      lines: ["Take as many ducats from the bank as your marker's row in the ducat column shows."],
    },
    {
      title: 'Expedition',
      source: '3. Player actions — 5. Expedition',
      lines: [
        'Take as many expedition cards as the left number of your expedition row shows; the right number is your hand limit.',
        'You may never hold more cards than your limit, even for a moment; play or discard a card first to make room.',
        'An empty deck is reshuffled from the discards; with no card left at all, Expedition is not offered.',
      ],
    },
    {
      title: 'Found colony',
      source: '3. Player actions — 6. Found colony',
      lines: [
        `Name a colony you have not founded yet: Quilon, Cochin, Madras or Calicut, needing ${list([need.quilon, need.cochin, need.madras, need.calicut], true)} colonists.`,
        `Count the colonists of your colonist row and those on ${DATA.colonyDraws.value} expedition cards drawn from the stack.`,
        'Make up any shortfall by playing colonist cards from your hand.',
        'If you succeed, place the colony on your supply board and fill its spice fields with a spice it allows.',
        'If you fail, or choose not to pay, take 1 colonist card instead; the drawn expedition cards are discarded.',
      ],
    },
    {
      title: 'The tiles',
      source: 'Description of the tiles',
      lines: [
        `A plantation goes in the upper row of your supply board, filled with its spice; with ${DATA.maxPlantations.value} there already, discard one first.`,
        'Ship, Colonist, Spice and Ducats tiles give their goods once per round, before, during or after one of your action turns.',
        'Ships, Colonists, Ships/colonists, Settlement, Additional action and Expeditions tiles pay at once and are discarded.',
        `Duty: pay any ${DATA.dutySpices.value} spices to the supply for ${DATA.dutyVp.value} victory points at the end.`,
        'Espionage, Extra harvest, Re-supply and Vice-king are used once in the game; using a tile is not an action.',
      ],
    },
  ],
  end: [
    {
      title: 'Game end',
      source: 'Game end',
      lines: [
        `The game ends after round ${rounds} of part B; then the players score their victory points.`,
        'The most victory points wins; a tie goes to the tied player with the most money.',
      ],
    },
    {
      title: 'The scoring',
      source: 'The scoring',
      lines: [
        `Each success marker scores ${list(DATA.rowVp.value)} victory points in rows 1 to 5.`,
        `Founded colonies score ${list(DATA.colonyVp.value.slice(1))} for 1 to 4 colonies.`,
        `Expedition cards in hand with like symbols score ${list(DATA.symbolVp.value.slice(1))} for 1 to 6 cards.`,
        `The most money scores ${DATA.mostMoneyVp.value}, to each tied player; each single plantation scores ${DATA.singlePlantationVp.value}.`,
        `A fulfilled Duty scores ${DATA.dutyVp.value}, and each Mission the victory points printed on it.`,
      ],
    },
  ],
};
