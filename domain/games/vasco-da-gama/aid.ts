/**
 * Vasco da Gama's player aid (domain/engine/aid.ts), from the official rulebook. Numbers come from
 * DATA; reconstructed ones (slot values, landing points, give-up refunds, action slots) are not stated.
 */
import type { PlayerAid } from '../../engine/aid';
import { DATA } from './data';

const recruit = DATA.recruitCostByColours.value;
const buy = DATA.purchasePrices.value;
const bonusReals = DATA.landingBonusReals.value;
const [king21, king22] = DATA.extraNumbers.value;

export const AID: PlayerAid = {
  goal: `Shipowners hire Captains, recruit crews, build Ships and send them to the Landings on the route to India; after ${DATA.rounds.value} Rounds the most Victory Points wins.`,
  turn: [
    {
      title: 'Phase 1: Place action discs',
      source: 'Phase 1: Place action discs',
      lines: [
        'In the first Round only, the Girolamo Sernigi holder sends the Merchant Ship before Phase 1 begins.',
        'Move the top Vasco da Gama tile: put the First Free of Charge Action Marker on its Initial Number and its two amounts of Reals in the Characters Area.',
        'From the First Player clockwise, each player picks a Sequence Number, puts it on an action disc and places both in an empty Action Slot.',
        `Each player places all ${DATA.actionDiscs.value} action discs, plus the Additional Action Disc with Number ${king21} or ${king22} while holding Manuel I.`,
        'Once placed, an action disc and its Sequence Number may not be moved.',
      ],
    },
    {
      title: 'Phase 2: Take actions',
      source: 'Phase 2: Take actions',
      lines: [
        'Uncover the next Vasco da Gama tile and move the marker by its Variation Number: this is the First Free of Charge Action Number.',
        'Call the Sequence Numbers from lowest to highest; the owner performs the action of that area or gives it up.',
        'A Sequence Number below the First Free of Charge Action Number pays the difference in Reals to act; an equal or higher one acts free.',
        `Giving up pays the Reals shown on the number's line in the Numbers Zone; Numbers ${king21} and ${king22} pay nothing.`,
        'When giving up is all a player can do with a called number, the game gives it up for him, with its Reals.',
        'Paying for the right to act never changes what the action itself costs.',
      ],
    },
    {
      title: 'Phase 3: Navigation',
      source: 'Phase 3: Navigation',
      lines: [
        'If the Merchant Ship was not sent, the Girolamo Sernigi holder must send it now.',
        'Each Ship in the Navigation Area earns its owner any Reals and Victory Points shown on it.',
        "Each Ship in a complete Landing, with all its Ship Slots occupied, earns the Victory Points on that Landing's coast.",
        'Then, from Calicut down to Natal, Ships in complete Landings move on, leftmost first, to the leftmost empty Slot they may occupy in the next Landing.',
        'A Ship that finds no such Slot, or leaves Calicut, is removed from the game; its Captain returns to its owner.',
      ],
    },
    {
      title: 'End of round operations (after Rounds 1 to 4)',
      source: 'End of round operations',
      lines: [
        `Discard unbought Projects; deal new ones from the lowest deck, first to the São Gabriel space, then to the ${DATA.upperProjectSpaces.value} upper spaces.`,
        'Turn up the next Merchant Ship and return any Reals left in the Characters Area to the supply.',
        `From the rightmost active Section, draw ${DATA.refillPerSection.value} Sailors for each Section, never above ${DATA.sectionCapacity.value}; stop when the bag is empty.`,
        `The Francisco Alvares holder gets 1 Missionary; the Bartolomeu Dias holder gets ${DATA.diasVp.value} Victory Points and is First Player.`,
        'Action discs on the Characters return to their owners; a player who lost Manuel I this Round returns his Additional Action Disc.',
      ],
    },
  ],
  actions: [
    {
      title: 'Recruiting',
      source: 'Available actions — Recruiting',
      lines: [
        'Recruit Sailors from a single Section and/or 1 Captain of your colour.',
        `Sailors cost by their colours, whatever their number: ${recruit[1]}, ${recruit[2]}, ${recruit[3]} or ${recruit[4]} Reals for 1, 2, 3 or 4 colours.`,
        `A Captain costs ${DATA.captainCostPerSailor.value} Real for each Sailor recruited in the same action, and is free when you take no Sailor.`,
        'You need not take every Sailor of a colour: fewer Sailors make the Captain cheaper.',
      ],
    },
    {
      title: 'Purchase Projects',
      source: 'Available actions — Purchase Projects',
      lines: [
        `Buy 1 Project from the ${DATA.upperProjectSpaces.value} upper spaces for ${buy.one} Real, or 2 for ${buy.two} Reals.`,
        'Or buy the São Gabriel Project for as many Reals as its crew: it is launched at once, with no crew.',
        'A Project shows its Navigation Limit, its crew and any Reals or Victory Points it earns in Phase 3.',
        'Projects nobody buys are discarded at the end of the Round.',
      ],
    },
    {
      title: 'Launching Ships',
      source: 'Available actions — Purchase Projects (launching)',
      lines: [
        'Launch a Project at any time, even out of turn, by giving up its whole crew of Sailors and Missionaries, all of different colours.',
        'Sailors go back to the bag and Missionaries to the Characters Area; turn the tile to its Ship side.',
        'A launched Ship needs no Captain until it is sent.',
      ],
    },
    {
      title: 'Navigation Area: the Expedition',
      source: 'Available actions — Expedition',
      lines: [
        'Send one or more launched Ships, each with a Captain of your colour on board, to a single Landing.',
        'Only Ships launched before the Expedition begins may sail in it.',
        "Each Ship takes an empty Ship Slot valued at most its Navigation Limit and scores that Slot's Victory Points at once.",
        `Bonus per Ship: Natal 1 Project, Terra de Boa Gente 1 Sailor, Mozambique 1 Captain, Mombasa ${bonusReals.mombasa} Reals, Malindi ${bonusReals.malindi} Real, Calicut none.`,
        'The bonuses are paid when the Expedition ends; a Project or Captain is given only if one is available.',
      ],
    },
    {
      title: 'Characters',
      source: 'Available actions — Characters',
      lines: [
        'Take one of the two amounts of Reals Vasco da Gama put out this Round, or host a Character.',
        'To host, take the Character tile from the board or its holder and use its power at once.',
        'Your action disc stays on that Character until the Round ends, so no one else may host it this Round.',
        'You may host a Character you already hold, to keep it and use its power again.',
      ],
    },
    {
      title: 'The four Characters',
      source: 'Manuel I (The King); Bartolomeu Dias (The Leader); Francisco Alvares (The Priest); Girolamo Sernigi (The Merchant)',
      lines: [
        `Manuel I: place your Additional Action Disc at once with Number ${king21} or ${king22} in an empty Action Slot; in later Rounds place it in Phase 1.`,
        `Bartolomeu Dias: ${DATA.diasVp.value} Victory Points at once, and again, with First Player, if you hold him at the end of the Round.`,
        'Francisco Alvares: 1 Missionary at once, if one is left, and another at the end of each Round.',
        'Girolamo Sernigi: send the Merchant Ship now or at the start of Phase 3, to an empty Slot within its Navigation Limit.',
        "The Merchant Ship needs no crew or Captain, earns you the Landing's bonus but no Victory Points, and then navigates like any Ship.",
      ],
    },
  ],
  end: [
    {
      title: 'End of the game',
      source: 'End of the game',
      lines: [
        `After Round ${DATA.rounds.value}, the Francisco Alvares holder gets 1 Missionary and the Bartolomeu Dias holder ${DATA.diasVp.value} Victory Points.`,
        'Players may then launch the Projects they can crew, and board their Captains.',
        `Each player scores 1 Victory Point for every ${DATA.realsPerFinalVp.value} Reals in his supply.`,
        `Each launched Ship with a boarded Captain in front of a player scores ${DATA.vpPerLaunchedShipWithCaptain.value} Victory Points.`,
        'The player with the most Victory Points wins.',
        'Ties go to the most Ships in the Navigation Area, then to the most Sailors in front of the player.',
      ],
    },
  ],
};
