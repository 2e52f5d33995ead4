/**
 * The rulebook's Characters examples: taking Vasco da Gama's money, hosting each character,
 * Alvares with no missionary left, keeping Dias, Manuel I with 21 and 22, Sernigi's merchant ship.
 */
import { describe, expect, it } from 'vitest';
import type { VdgState } from '../../domain/games/vasco-da-gama/types';
import { BLACK, BLUE, RED, YELLOW, game, phase2, play, legalOf } from './fixtures';

/** Play every remaining call by giving it up, until the round is over (the next Phase 1 or the end). */
function finishRound(s: VdgState): VdgState {
  const round = s.round;
  while (s.round === round && s.phase !== 'over' && s.phase !== 'finalLaunch') {
    const seat = game.activeSeats(s)[0]!;
    const options = game.legal(s, seat);
    const command = options.find((c) => c.type === 'giveUp') ?? options.find((c) => c.type !== 'launch')!;
    s = play(s, seat, command).state;
  }
  return s;
}

describe('Characters example (4 players, initial number 11)', () => {
  // Blue has Alvares, Yellow Sernigi, Black Dias, Red Manuel I.
  const holders = { dias: BLACK, alvares: BLUE, sernigi: YELLOW, manuel: RED };
  const begin = () =>
    phase2(
      4,
      [
        [BLUE, 10, 'characters'],
        [RED, 11, 'characters'],
        [BLACK, 12, 'characters'],
        [YELLOW, 13, 'characters'],
        [RED, 14, 'characters'],
      ],
      { setup: { holders } },
    );

  it('plays money, Alvares, keeping Dias, Manuel I and Sernigi as in the rulebook', () => {
    let { state: s } = begin();
    expect(s.coins).toEqual([9, 4]);

    // Blue takes the 9 Reals from the upper space.
    let before = s.seats[BLUE]!.reals;
    s = play(s, BLUE, { type: 'takeMoney', space: 0 }).state;
    expect(s.seats[BLUE]!.reals).toBe(before + 9);
    expect(s.coins).toEqual([null, 4]);

    // Red hosts Francisco Alvares, taking the tile from Blue: 1 missionary at once.
    let r = play(s, RED, { type: 'host', character: 'alvares' });
    expect(r.events).toContainEqual({ type: 'CharacterHosted', seat: RED, character: 'alvares', from: BLUE, vp: 0, missionary: true });
    s = r.state;
    expect(s.seats[RED]!.missionaries).toBe(1);
    expect(s.holder.alvares).toBe(RED);
    expect(s.hosted.alvares).toBe(RED);

    // Black keeps Bartolomeu Dias: 2 VP now; nobody can take Dias from him this round.
    before = s.seats[BLACK]!.vp;
    s = play(s, BLACK, { type: 'host', character: 'dias' }).state;
    expect(s.seats[BLACK]!.vp).toBe(before + 2);
    expect(legalOf(s, YELLOW, 'host').map((c) => c.character)).toEqual(['sernigi', 'manuel']);

    // Yellow hosts Manuel I, taking it from Red: the yellow Additional Action Disc with 21 or 22.
    r = play(s, YELLOW, { type: 'host', character: 'manuel' });
    s = r.state;
    expect(s.seats[YELLOW]!.extraDisc).toBe(true);
    expect(s.pending.at(-1)).toEqual({ kind: 'extraDisc', seat: YELLOW });
    s = play(s, YELLOW, { type: 'placeExtraDisc', number: 22, area: 'recruiting' }).state;
    expect(s.slots.recruiting).toContainEqual({ seat: YELLOW, number: 22 });

    // Red hosts Girolamo Sernigi, taking it from Yellow, and sends the merchant ship at once.
    s = play(s, RED, { type: 'host', character: 'sernigi' }).state;
    expect(s.pending.at(-1)).toMatchObject({ kind: 'merchant', seat: RED, optional: true });
    const merchant = s.merchant.faceUp!;
    r = play(s, RED, { type: 'sendMerchant', landing: 'mombasa', slot: 1 }); // the 7-limit ship: slot worth 7
    s = r.state;
    expect(s.landings.mombasa[1]).toEqual({ tile: merchant, owner: null });
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'MerchantSent', seat: RED, reals: 2 }));
    expect(s.merchant.done).toBe(true);

    // The hosting discs stay on the character spaces until the end of the round.
    expect(s.hosted).toEqual({ dias: BLACK, alvares: RED, sernigi: RED, manuel: YELLOW });
    // Nothing is left to host.
    expect(Object.values(s.hosted).every((h) => h !== null)).toBe(true);
  });
});

describe('Francisco Alvares with no missionary left', () => {
  it('gives nothing when hosted with none left, and at the end of the round only what is there (no catching up)', () => {
    // Red owned Alvares and took the last missionary at the end of the previous round.
    let { state: s } = phase2(4, [[BLACK, 12, 'characters']], {
      setup: { holders: { dias: YELLOW, alvares: RED, sernigi: BLACK, manuel: BLUE } },
      arrange: (s) => {
        s.missionaries = 0;
        s.seats[RED]!.missionaries = 6;
        s.seats[RED]!.sailors = { orange: 1, turquoise: 1, violet: 0, grey: 1 };
        s.seats[RED]!.projects = ['I-05', 'I-01']; // crews of 3 and 2
      },
    });
    const r = play(s, BLACK, { type: 'host', character: 'alvares' });
    expect(r.events).toContainEqual({ type: 'CharacterHosted', seat: BLACK, character: 'alvares', from: RED, vp: 0, missionary: false });
    s = r.state;
    expect(s.seats[BLACK]!.missionaries).toBe(0);
    // Later in the round 2 missionaries go back to the Characters Area: Red launches two ships with them.
    s = play(s, RED, { type: 'launch', project: 'I-05', crew: ['orange', 'turquoise', 'missionary'] }).state;
    s = play(s, RED, { type: 'launch', project: 'I-01', crew: ['grey', 'missionary'] }).state;
    expect(s.missionaries).toBe(2);
    s = finishRound(s);
    expect(s.seats[BLACK]!.missionaries).toBe(1);
    expect(s.missionaries).toBe(1);
  });
});

describe('Keeping Bartolomeu Dias', () => {
  it('scores 2 VP when hosted, 2 more at the end of the round, and makes Black first player', () => {
    let { state: s } = phase2(4, [[BLACK, 12, 'characters']], {
      setup: { holders: { dias: BLACK, alvares: BLUE, sernigi: YELLOW, manuel: RED }, firstPlayer: YELLOW },
    });
    const vp = s.seats[BLACK]!.vp;
    s = play(s, BLACK, { type: 'host', character: 'dias' }).state;
    expect(s.seats[BLACK]!.vp).toBe(vp + 2);
    s = finishRound(s);
    expect(s.round).toBe(2);
    expect(s.seats[BLACK]!.vp).toBe(vp + 4);
    expect(s.firstPlayer).toBe(BLACK);
    expect(game.activeSeats(s)).toEqual([BLACK]);
  });
});

describe('Manuel I with numbers 21 and 22', () => {
  it('lets Red use 21 and Yellow 22 in one round; Red returns his disc, Yellow keeps his', () => {
    let { state: s } = phase2(
      4,
      [
        [YELLOW, 12, 'characters'],
        [RED, 21, 'projects'],
      ],
      {
        setup: { holders: { dias: BLACK, alvares: BLUE, sernigi: YELLOW, manuel: RED } },
      },
    );
    // Yellow hosts Manuel I; 21 is on the board, so 22 is the only number left.
    s = play(s, YELLOW, { type: 'host', character: 'manuel' }).state;
    expect(legalOf(s, YELLOW, 'placeExtraDisc').map((c) => c.number)).toEqual([22, 22, 22, 22]);
    s = play(s, YELLOW, { type: 'placeExtraDisc', number: 22, area: 'recruiting' }).state;
    // 21 is called for Red, then 22 for Yellow.
    expect(s.call).toMatchObject({ number: 21, seat: RED, area: 'projects', started: false });
    s = play(s, RED, { type: 'purchase', spaces: [0] }).state;
    expect(s.call).toMatchObject({ number: 22, seat: YELLOW, area: 'recruiting' });
    s = play(s, YELLOW, { type: 'recruitCaptain' }).state;
    s = finishRound(s);
    expect(s.round).toBe(2);
    expect(s.seats[RED]!.extraDisc).toBe(false);
    expect(s.seats[YELLOW]!.extraDisc).toBe(true);
    // Next round Yellow places five discs, Red four.
    expect(s.seats[YELLOW]!.discsToPlace + (s.seats[YELLOW]!.extraToPlace ? 1 : 0)).toBe(5);
    expect(s.seats[RED]!.discsToPlace + (s.seats[RED]!.extraToPlace ? 1 : 0)).toBe(4);
  });

  it('gives the current holder nothing new when he hosts Manuel I again: he only keeps him', () => {
    let { state: s } = phase2(
      4,
      [
        [RED, 12, 'characters'],
        [RED, 21, 'projects'],
      ],
      {
        setup: { holders: { dias: BLACK, alvares: BLUE, sernigi: YELLOW, manuel: RED } },
      },
    );
    s = play(s, RED, { type: 'host', character: 'manuel' }).state;
    expect(s.pending).toEqual([]);
    expect(s.call).toMatchObject({ number: 21, seat: RED });
  });
});

describe('Girolamo Sernigi', () => {
  it('sends the merchant ship to Natal at once: a project of his choice, no VP', () => {
    let { state: s } = phase2(4, [[RED, 12, 'characters']], {
      setup: { holders: { dias: BLACK, alvares: BLUE, sernigi: YELLOW, manuel: null } },
    });
    const vp = s.seats[RED]!.vp;
    s = play(s, RED, { type: 'host', character: 'sernigi' }).state;
    s = play(s, RED, { type: 'sendMerchant', landing: 'natal', slot: 0 }).state;
    expect(s.pending.at(-1)).toEqual({ kind: 'projectBonus', seat: RED });
    const chosen = s.row[4]!;
    const r = play(s, RED, { type: 'takeProject', space: 4 });
    expect(r.events[0]).toEqual({ type: 'ProjectTaken', seat: RED, space: 4, project: chosen });
    expect(r.state.seats[RED]!.projects).toEqual([chosen]);
    expect(r.state.seats[RED]!.vp).toBe(vp);
  });

  it('must be sent by the holder at the start of Phase 3; at Mombasa it pays 2 Reals and completes the landing', () => {
    // Yellow owns Sernigi; two of his ships and one of Blue's are at Mombasa; its last slot is free.
    const nine = 'II-08'; // 4/9/–
    const seven = 'I-10'; // 4/7/1R
    let { state: s } = phase2(4, [[BLUE, 12, 'characters']], {
      setup: { holders: { dias: BLACK, alvares: BLUE, sernigi: YELLOW, manuel: RED } },
      arrange: (s) => {
        s.landings.mombasa = [{ tile: nine, owner: YELLOW }, { tile: seven, owner: YELLOW }, { tile: 'I-06', owner: BLUE }, null];
        s.landings.natal = [{ tile: 'III-05', owner: BLUE }];
      },
    });
    s = play(s, BLUE, { type: 'takeMoney', space: 1 }).state;
    // Phase 3: the merchant ship was not sent, so Yellow must send it now.
    expect(s.phase).toBe('navigation');
    expect(s.pending.at(-1)).toMatchObject({ kind: 'merchant', seat: YELLOW, optional: false });
    expect(legalOf(s, YELLOW, 'holdMerchant')).toEqual([]);
    expect(s.merchant.faceUp).toBe('merchant-7');
    const reals = s.seats[YELLOW]!.reals;
    const vp = s.seats[YELLOW]!.vp;
    expect(legalOf(s, YELLOW, 'sendMerchant')).toContainEqual({ type: 'sendMerchant', landing: 'mombasa', slot: 3 });
    const r = play(s, YELLOW, { type: 'sendMerchant', landing: 'mombasa', slot: 3 });
    // 2 Reals for Mombasa, 1 Real printed on the 7-limit ship, then 3 VP per ship of the complete landing.
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'MerchantSent', reals: 2 }));
    expect(r.events).toContainEqual({ type: 'LandingScored', landing: 'mombasa', vpPerShip: 3, owners: [YELLOW, YELLOW, BLUE] });
    expect(r.state.seats[YELLOW]!.vp).toBe(vp + 6);
    expect(r.state.seats[YELLOW]!.reals).toBe(reals + 2 + 1);
  });
});
