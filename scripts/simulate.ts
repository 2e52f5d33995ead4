/**
 * Play one game with bots and print its log and final scores.
 *
 *   npm run simulate -- --game vasco-da-gama --players 4 --seed 7 [--bots heuristic,random] [--quiet]
 *
 * `--bots` lists one bot per seat (the last one repeats); the default is the game's strongest bot.
 */
import { parseArgs } from 'node:util';
import { playGame } from '../domain/engine/bots';
import { botsOf, findBot } from '../domain/games/bots';
import { findGame, GAMES } from '../domain/games';

const NAMES = ['Ana', 'Bruno', 'Carla', 'Duarte', 'Eva'];

const { values } = parseArgs({
  options: {
    game: { type: 'string', default: 'vasco-da-gama' },
    players: { type: 'string' },
    seed: { type: 'string', default: '1' },
    bots: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

const game = findGame(values.game!);
if (!game) {
  console.error(`Unknown game "${values.game}". Games: ${GAMES.map((g) => g.id).join(', ')}`);
  process.exit(2);
}
const players = Number(values.players ?? game.maxPlayers);
const seed = Number(values.seed);
if (!Number.isInteger(players) || players < game.minPlayers || players > game.maxPlayers || !Number.isInteger(seed)) {
  console.error(`--players must be ${game.minPlayers}–${game.maxPlayers} and --seed an integer.`);
  process.exit(2);
}
const available = botsOf(game.id);
const names = (values.bots ?? Object.keys(available).at(-1) ?? 'random').split(',');
const bots = Array.from({ length: players }, (_, i) => {
  const name = names[Math.min(i, names.length - 1)]!;
  const bot = findBot(game.id, name);
  if (!bot) {
    console.error(`Unknown bot "${name}" for ${game.id}. Bots: ${Object.keys(available).join(', ')}`);
    process.exit(2);
  }
  return bot;
});

const started = performance.now();
const result = playGame(game, { players, seed, bots });
const ms = performance.now() - started;
const seatNames = NAMES.slice(0, players);

if (!values.quiet) {
  for (const event of result.events) {
    const line = game.describe(event, seatNames);
    if (line) console.log(line);
  }
}
console.log('');
console.log(
  `${game.title}, ${players} players, seed ${seed}, bots ${bots.map((b) => b.name).join(', ')}: ${result.commands} commands, ${result.events.length} events, ${ms.toFixed(0)} ms`,
);
for (const r of [...(result.outcome?.results ?? [])].sort((a, b) => a.rank - b.rank)) {
  const details = r.details
    ? ` (${Object.entries(r.details)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')})`
    : '';
  console.log(`${r.rank}. ${seatNames[r.seat]} — ${r.score}${details}`);
}
