/**
 * Navegador's player aid (domain/engine/aid.ts), from the official rulebook and its quick intro.
 * Numbers come from DATA; reconstructed ones (building prices, player-sheet values, privilege
 * refills, region borders) are not stated.
 */
import type { PlayerAid } from '../../engine/aid';
import { DATA, FIELDS } from './data';

const range = DATA.sailingRange.value;
const extra = DATA.extraPricePerPhase.value;
const perPhase = `${extra}, ${2 * extra} or ${3 * extra} Cruzados in phase I, II or III`;
const price = DATA.buildingPrice.value;
const workers = DATA.workerLimits.value;
const need = DATA.workersPerBuilding.value;
const tokens = DATA.colonyTokens.value;
const prices = (list: readonly number[]) => `${Math.min(...list)} to ${Math.max(...list)}`;
const privilegeVp = DATA.privilegeVp.value;

export const AID: PlayerAid = {
  goal: 'Trade dynasties explore the sea route from Portugal to Nagasaki, found colonies, build factories, shipyards and churches and take privileges; the most victory points wins.',
  turn: [
    {
      title: 'Action selection: the rondel',
      source: 'Action selection',
      lines: [
        'Players take turns clockwise: move your game stone clockwise on the rondel and perform the action of the field it reaches.',
        `Any of the next ${DATA.freeRondelSteps.value} fields is free; each field further costs 1 ship, taken back from the board into your supply.`,
        'You may not stay on the same field twice in a row; your first position on the rondel is your free choice.',
        `Market is on the rondel twice, so there are ${new Set(FIELDS).size} actions on its ${FIELDS.length} fields.`,
        'Several game stones on the same field do not affect each other.',
      ],
    },
    {
      title: 'Game phases',
      source: 'Game phases',
      lines: [
        'The game starts in phase I; exploring Cabo da Boa Esperança starts phase II, and exploring Malaca starts phase III.',
        `Ships may sail up to ${range[0]}, ${range[1]} or ${range[2]} borders per turn in phase I, II or III.`,
        `Additional workers and ships cost ${perPhase}.`,
        'A new phase comes into effect on the next turn, so the turn that explores still sails the old distance.',
        'At the start of each new phase the gallery is replenished with privileges, by the number of players.',
      ],
    },
    {
      title: 'The Navegador card',
      source: 'At start; Navegador',
      lines: [
        'The last player, to the right of the starting player, begins with the Navegador card; it cannot be used in the very first round.',
        'Its holder may take an extra sailing action immediately before his own rondel turn, then passes the card to the right.',
        'The extra sailing follows the usual rules and may explore, so two explorers can be taken before the next player moves.',
        "The orange ship marks where the holder stood on receiving the card; the first holder's is placed where his stone lands first.",
        'If he enters or passes that field again without using the card, it expires and passes to the right.',
      ],
    },
  ],
  actions: [
    {
      title: 'Sailing',
      source: "Player's actions — Sailing",
      lines: [
        'Sail any of your ships into new sea regions, each within the sailing distance of the game phase.',
        'A region with an explorer needs at least 2 of your ships entering together, and 1 of them is lost to your supply.',
        'Where the token for double loss lies (Nagasaki, and Macau with 2 or 3 players), you need 3 ships and lose 2.',
        'The explorer goes on your player sheet, the colony tokens are revealed, and the bank pays the price of the cheapest one.',
        'You may explore only one new sea region per turn.',
      ],
    },
    {
      title: 'Workers',
      source: "Player's actions — Workers",
      lines: [
        `Recruit one worker per church you own for ${price} Cruzados each.`,
        `Each further worker costs ${perPhase}.`,
        `You always have from ${workers.min} to ${workers.max} workers in Lisboa.`,
        `At ${workers.max} workers, your churches still recruit for ${price} each, and each is sold at once to the bank for ${DATA.virtualSale.value}.`,
      ],
    },
    {
      title: 'Market',
      source: "Player's actions — Market",
      lines: [
        'Sell 1 unit per colony at the current price; the price marker then moves down one field per unit sold.',
        'Process 1 unit per factory for the revenue beside the price; the marker then moves up one field per unit.',
        'Your orange starting factory is a wildcard that processes 1 unit of any good.',
        'For each good, either sell or process, never both in one turn; you may use only some of your units.',
        'At the bottom or top line the marker stays, and you may still sell or process.',
      ],
    },
    {
      title: 'Colony',
      source: "Player's actions — Colony",
      lines: [
        'Found one or more colonies, paying the price printed on each token to the bank; you take the cheapest token of a region.',
        `Each new colony needs 1 of your ships in its region and ${DATA.workersPerColony.value} workers in Lisboa; each ship and worker counts once per turn.`,
        'Ships and workers are not spent.',
        `Colonies cost ${prices(tokens.sugar)} for sugar, ${prices(tokens.gold)} for gold and ${prices(tokens.spices)} Cruzados for spices.`,
      ],
    },
    {
      title: 'Privilege',
      source: "Player's actions — Privilege",
      lines: [
        'Give up 1 worker in Lisboa to take one privilege still in the gallery; only one per turn.',
        'It goes in the highest free position of its column; the bank pays the bonus it covers times your matching achievements.',
        `You may take at most ${DATA.maxPrivilegesPerType.value} privileges of each type, and none while you have only ${workers.min} workers.`,
        `At the end, each privilege adds ${privilegeVp.colony} VP per colony, factory or explorer, or ${privilegeVp.shipyard} per shipyard or church.`,
      ],
    },
    {
      title: 'Ships',
      source: "Player's actions — Ships",
      lines: [
        `Build one ship per shipyard you own for ${price} Cruzados each; each further ship costs ${perPhase}.`,
        'New ships are placed in Portugal.',
        `With all ${DATA.shipsPerPlayer.value} ships on the board, your shipyards still build for ${price} each, and each is sold at once for ${DATA.virtualSale.value}.`,
      ],
    },
    {
      title: 'Buildings',
      source: "Player's actions — Buildings",
      lines: [
        'Build factories, shipyards and churches, paying the prices printed at the chart, and place them on your player sheet.',
        `You need ${need.sugarFactory} workers per new factory, ${need.shipyard} per shipyard and ${need.church} per church, counted for all new buildings together.`,
        'Workers are not spent; each building taken is the cheapest left in its row.',
        'Shipyards build ships and churches recruit workers at the lower price.',
      ],
    },
  ],
  end: [
    {
      title: 'End of the game',
      source: 'End of the game',
      lines: [
        'The end is triggered when Nagasaki has been explored or the last building has been taken.',
        'Then each player, including the one who triggered it, takes a single final turn.',
        'If Nagasaki is explored with the Navegador card, that player takes his regular turn first; then everyone takes a final turn.',
      ],
    },
    {
      title: 'Scoring',
      source: 'Scoring',
      lines: [
        `Score 1 VP per worker in Lisboa, per ship on the game board and per full ${DATA.vpPerWorkerShipAnd200.value.cash} Cruzados.`,
        'Each column of your player sheet, its printed value plus its privileges, scores that many VPs per colony, factory, explorer, shipyard or church.',
        "Your King's privilege takes a free position without cash bonus; the game places it where it scores most.",
        'The most VPs wins; a tie goes to the holder of the Navegador card, or else the next player to receive it.',
      ],
    },
  ],
};
