/**
 * A tournament on the simulated cloud (world.ts, no population): N players (default 1,000)
 * register and connect through the API Gateway models; one creates a Swiss tournament of Connect
 * Four for N (no clock), the others enter it — spread over `entrySeconds`, or all at once — and
 * the entry that fills it pairs round 1 and creates its games inside its own request. Then the
 * games are played: by the people themselves through the protocol (their game's screen sends a
 * random legal command after a think time whenever a state frame gives them the move; between
 * games they wait on their list of games, or on the tournament's page as the web client shows it,
 * looking every 30 s, at once after their game and at a change to one of their games), and by the
 * Bots function for the bots the creator entered (`bots`). Every finishing commit goes through the
 * real stream → tournament-results → advance → openRound. The run stops once the tournament is
 * `finished` (Swiss of 1,000: 10 rounds) or at `limitHours`.
 *
 * The report is read from the table and from the requests to it as they happen: each round's
 * pairing and games with the time from its last game's end to the next round's games existing,
 * the tournament's partition (`TOURNEY#id`) at its busiest second for writes and for reads,
 * during entry and during play, the requests to it that were throttled, what the service's reads
 * of it cost at the end, and the table's hottest keys (report.ts).
 *
 * `npm run bench -- --suite cloud-tournament [--players 1000] [--bots 0] [--entry-seconds 60]
 * [--wait-on myGames|tournament] [--limit-hours 12]`; test/bench/cloud-tournament.test.ts at 64.
 */
import { Rng } from '../../domain/engine/rng';
import { keys } from '../../functions/adapters/store/keys';
import type { SimConnection } from './apigw/sim-connection';
import type { Doc } from './dynamo/expressions';
import { itemSize } from './dynamo/item-size';
import { LIMITS, TableModel, ThroughputExceeded } from './dynamo/table';
import type { FunctionName, FunctionSettings } from './lambda/settings';
import { burstOf, hottestKeys } from './report';
import { World } from './world';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** The web client's spread of its looks after a change heard (web/src/screens/tournament.ts). */
const CHANGE_SPREAD_MS = 5_000;

export interface TournamentRunOptions {
  /** Entrants in all (the tournament's cap). Default 1,000. */
  players?: number;
  /** Of them, bots the creator enters (`createTournament`'s `bots`, at most 31); the rest are people. Default 0. */
  bots?: number;
  /** The bots' level (default the game's default bot). */
  bot?: string;
  /** People register and connect over this many seconds before the tournament is created. Default 120. */
  arrivalSeconds?: number;
  /** The people's entries are spread over this many seconds after it is created; 0: all at once. Default 60. */
  entrySeconds?: number;
  /** A person's think time before each move, uniform in [min, max] seconds. Default [2, 8]. */
  thinkSeconds?: [number, number];
  /**
   * Where a person waits for their next game: on their list of games (`myGames`: their own
   * partition), or on the tournament's page as the web client shows it (`tournament`: each look
   * reads the tournament's whole partition). Default `myGames`.
   */
  waitOn?: 'tournament' | 'myGames';
  /** The page looks again this often while it is on screen (the web client's REFRESH_MS). Default 30. */
  lookSeconds?: number;
  /** Virtual time after which the run stops, finished or not. Default 12. */
  limitHours?: number;
  seed?: number;
  /** The handlers' measured CPU charged to the virtual clock (world.ts); 0 makes a run its seed's alone. */
  cpuScale?: number;
  functions: Record<FunctionName, FunctionSettings>;
  /** Told every simulated 5 minutes how far the run is. */
  progress?: (line: string) => void;
}

type Frame = Record<string, unknown> & { type: string };

interface TableLine {
  table: number;
  gameId: string;
  seats: { playerId: string }[];
  points: number[] | null;
}

interface Person {
  index: number;
  playerId: string;
  socketToken: string;
  conn: SimConnection | null;
  rng: Rng;
  /** The screen: the tournament's page, or one game's. */
  screen: { kind: 'page' } | { kind: 'game'; gameId: string; seen: number; lastFrameAt: number };
  /** Games this person has seen end (the page does not open them again). */
  played: Set<string>;
  done: boolean;
  /** Wakes the page's loop (a game ended, a change came). */
  wake: () => void;
}

/** Units charged to one partition key in each second of the run. */
interface KeySeconds {
  second: number;
  read: number;
  write: number;
}

export async function runTournament(options: TournamentRunOptions) {
  const players = options.players ?? 1000;
  const bots = options.bots ?? 0;
  const people = players - bots;
  if (people < 1) throw new RangeError('someone has to create the tournament: bots < players');
  const arrivalMs = (options.arrivalSeconds ?? 120) * SECOND;
  const entryMs = (options.entrySeconds ?? 60) * SECOND;
  const [thinkMin, thinkMax] = (options.thinkSeconds ?? [2, 8]).map((s) => s * SECOND) as [number, number];
  const lookMs = (options.lookSeconds ?? 30) * SECOND;
  const waitOn = options.waitOn ?? 'myGames';
  const seed = options.seed ?? 1;
  const started = performance.now();

  let tournamentId: string | null = null;
  let finished = false;
  const world = new World({
    seed,
    players: 0,
    days: (options.limitHours ?? 12) / 24,
    functions: options.functions,
    ...(options.cpuScale === undefined ? {} : { cpuScale: options.cpuScale }),
    stopWhen: () => finished,
  });
  const { clock, table } = world;
  const startedAt = clock.now();
  const limitAt = startedAt + (options.limitHours ?? 12) * 60 * MINUTE;
  /** The people stop with the tournament's end, or with the run at its limit (the world's stream readers stop then). */
  const over = () => finished || clock.now() >= limitAt;
  const rng = Rng.fromSeed(seed * 31 + 7);
  const tourneyKey = () => (tournamentId ? keys.tournament(tournamentId) : null);
  const statusNow = () => (tournamentId ? String(table.get(keys.tournament(tournamentId), keys.tournamentHead)?.status ?? '') : '');

  // --- what happens to the table, as it happens ------------------------------------------------
  /** Units charged to the tournament's partition, per second; throttled requests per partition key. */
  const tourneySeconds = new Map<number, KeySeconds>();
  const throttledByKey = new Map<string, number>();
  const charge = table.charge.bind(table);
  table.charge = (charges) => {
    try {
      charge(charges);
    } catch (error) {
      if (error instanceof ThroughputExceeded) {
        const pk = /partition key (.+)$/.exec(error.message)?.[1] ?? 'the whole table';
        throttledByKey.set(pk, (throttledByKey.get(pk) ?? 0) + 1);
      }
      throw error;
    }
    const key = tourneyKey();
    for (const c of charges) {
      if (c.pk !== key) continue;
      const second = Math.floor(clock.now() / SECOND);
      const s = tourneySeconds.get(second) ?? { second, read: 0, write: 0 };
      s.read += c.read ?? 0;
      s.write += c.write ?? 0;
      tourneySeconds.set(second, s);
    }
  };
  /** When each tournament game was created and ended, each round paired, each result recorded (virtual ms). */
  const created = new Map<string, number>();
  const firstMove = new Map<string, number>();
  const ended = new Map<string, number>();
  const paired = new Map<number, number>();
  const recorded = new Map<string, number>();
  const write = table.write.bind(table);
  table.write = (pk: string, sk: string, next: Doc | undefined) => {
    const before = table.get(pk, sk);
    write(pk, sk, next);
    const now = clock.now();
    if (!tournamentId || !next || before) return;
    if (pk.startsWith(keys.game(`${tournamentId}-`)) && sk.startsWith('V#')) {
      const gameId = pk.slice(keys.game('').length);
      if (!created.has(gameId)) created.set(gameId, now);
      else if (!firstMove.has(gameId)) firstMove.set(gameId, now);
      if (next.status === 'finished' && !ended.has(gameId)) ended.set(gameId, now);
    } else if (pk === keys.tournament(tournamentId)) {
      if (sk.startsWith(keys.tournamentRounds)) paired.set(Number(next.round), now);
      if (sk.startsWith(keys.tableResults)) recorded.set(sk, now);
    }
  };

  // --- the people ------------------------------------------------------------------------------
  const counts = {
    registered: 0,
    connected: 0,
    reconnects: 0,
    entered: 0,
    entryRetries: 0,
    entryRefused: 0,
    looks: 0,
    lookErrors: 0,
    gamesOpened: 0,
    moves: 0,
    moveErrors: 0,
    resubscribes: 0,
    throttledMessages: 0,
    /** Requests whose answer never came (a timeout, a throttle, a closed connection). */
    unanswered: 0,
  };
  /** The entry that filled the tournament: its request's time, from sending to the answer. */
  let startingEntryMs: number | null = null;
  /** When the tournament was created (virtual ms); why the scenario failed, if it did. */
  let createdAt: number | null = null;
  let failure: unknown = null;

  /** Send a frame; the answer carrying its requestId, or undefined (never came within 30 s, or throttled). */
  const request = async (p: Person, frame: Record<string, unknown>): Promise<Frame | undefined> => {
    const conn = p.conn;
    if (!conn?.open) return undefined;
    const requestId = `r${rng.int(1e12)}`;
    let answered: (f: Frame | undefined) => void = () => undefined;
    const answer = new Promise<Frame | undefined>((resolve) => (answered = resolve));
    const stop = conn.onFrame((d) => {
      if (!d.data.includes(requestId)) return;
      const f = JSON.parse(d.data) as Frame;
      if (f.requestId === requestId) answered(f);
    });
    const outcome = await conn.send(JSON.stringify({ ...frame, requestId }));
    if (outcome !== 'handled') {
      if (outcome === 'throttled') counts.throttledMessages++;
      counts.unanswered++;
      stop();
      return undefined;
    }
    void clock.sleep(30 * SECOND).then(() => answered(undefined));
    const f = await answer.finally(stop);
    if (!f) counts.unanswered++;
    return f;
  };

  /** Tried again after 1, 2, 4, 8 s (with jitter) while `again` says so, as the web client does. */
  const withRetries = async <T>(attempt: () => Promise<T>, again: (outcome: T) => boolean, retried: () => void = () => undefined) => {
    let outcome = await attempt();
    for (let n = 0; n < 4 && again(outcome); n++) {
      retried();
      await clock.sleep((SECOND << n) * (0.5 + rng.next()));
      outcome = await attempt();
    }
    return outcome;
  };

  const register = async (index: number): Promise<Person | null> => {
    const answer = await withRetries(
      () =>
        world.httpApi.request(
          'POST',
          '/api/players',
          JSON.stringify({ name: `Entrant ${index}`, device: { label: 'Simulated browser' } }),
          { 'content-type': 'application/json' },
          `10.${index >> 16}.${(index >> 8) & 255}.${index & 255}`,
        ),
      (a) => a.statusCode === 429,
    );
    if (answer.statusCode !== 201) return null;
    counts.registered++;
    const body = JSON.parse(answer.body) as { playerId: string; socketToken: string };
    return {
      index,
      playerId: body.playerId,
      socketToken: body.socketToken,
      conn: null,
      rng: Rng.fromSeed(seed * 7919 + index),
      screen: { kind: 'page' },
      played: new Set(),
      done: false,
      wake: () => undefined,
    };
  };

  /** Open the socket (again), watch my games as the tournament's page does, and react to frames. */
  const connect = async (p: Person): Promise<boolean> => {
    const opened = await withRetries(
      () => world.ws.connect({ token: p.socketToken }),
      (o) => 'refused' in o && o.refused.statusCode === 429,
    );
    if (!('connection' in opened)) return false;
    if (p.conn) counts.reconnects++;
    else counts.connected++;
    p.conn = opened.connection;
    p.conn.onFrame((d) => onFrame(p, JSON.parse(d.data) as Frame));
    await request(p, { action: 'myGames', limit: 1, watch: true });
    if (p.screen.kind === 'game') await subscribe(p, p.screen.gameId);
    return true;
  };

  const subscribe = async (p: Person, gameId: string) => {
    await request(p, { action: 'subscribe', gameId, logDelta: true, logLines: 0, lean: true });
  };

  const onFrame = (p: Person, f: Frame) => {
    if (f.type === 'gameChanged') {
      // Waiting, a change to one of my tournament's games makes me look again: the list of games at
      // once, the tournament's page within 5 s, at random (web/src/screens/tournament.ts).
      const game = f.game as { gameId: string };
      if (p.screen.kind === 'page' && tournamentId && game.gameId.startsWith(`${tournamentId}-`)) {
        if (waitOn === 'myGames') p.wake();
        else void clock.sleep(p.rng.next() * CHANGE_SPREAD_MS).then(() => p.wake());
      }
      return;
    }
    if (f.type !== 'state' || p.screen.kind !== 'game' || f.gameId !== p.screen.gameId) return;
    const screen = p.screen;
    const version = f.version as number;
    if (version <= screen.seen) return;
    screen.seen = version;
    screen.lastFrameAt = clock.now();
    if (f.status === 'finished') {
      // Back to the tournament's page, which looks at once.
      p.played.add(screen.gameId);
      p.screen = { kind: 'page' };
      void request(p, { action: 'unsubscribe', gameId: screen.gameId });
      p.wake();
      return;
    }
    const legal = (f.legal ?? []) as Record<string, unknown>[];
    if (!legal.length) return;
    void clock.sleep(thinkMin + p.rng.next() * (thinkMax - thinkMin)).then(async () => {
      if (p.screen !== screen || screen.seen !== version || over()) return;
      const ack = await request(p, {
        action: 'command',
        gameId: screen.gameId,
        commandId: `p${p.index}v${version}`,
        expectedVersion: version,
        command: legal[p.rng.int(legal.length)],
      });
      if (ack?.type === 'ack') counts.moves++;
      else counts.moveErrors++;
    });
  };

  /** A look at my list of games: a game of the tournament in play that I have not played, opened. */
  const lookAtMyGames = async (p: Person) => {
    counts.looks++;
    const f = await request(p, { action: 'myGames', limit: 5 });
    if (f?.type !== 'games') {
      counts.lookErrors++;
      return;
    }
    const mine = (f.games as { gameId: string; status: string }[]).find(
      (g) => g.gameId.startsWith(`${tournamentId}-`) && g.status === 'active' && !p.played.has(g.gameId),
    );
    if (mine && p.screen.kind === 'page') await open(p, mine.gameId);
  };

  const open = async (p: Person, gameId: string) => {
    counts.gamesOpened++;
    p.screen = { kind: 'game', gameId, seen: 0, lastFrameAt: clock.now() };
    await subscribe(p, gameId);
  };

  /** The tournament's page: its look at the tournament; my table of the current round, if it is still to be played, opened. */
  const look = async (p: Person) => {
    if (waitOn === 'myGames') return lookAtMyGames(p);
    counts.looks++;
    const f = await request(p, { action: 'tournament', tournamentId });
    if (f?.type !== 'tournament') {
      counts.lookErrors++;
      return;
    }
    const t = f.tournament as { status: string };
    if (t.status === 'finished' || t.status === 'cancelled') {
      p.done = true;
      return;
    }
    const round = f.round as { tables: TableLine[] } | null;
    const mine = round?.tables.find((x) => x.seats.some((s) => s.playerId === p.playerId));
    if (!mine || mine.points || p.played.has(mine.gameId) || p.screen.kind !== 'page') return;
    await open(p, mine.gameId);
  };

  /** A person from entry to the tournament's end: the page looks every `lookMs`, or when woken (the entry's answer was the first look). */
  const live = async (p: Person) => {
    for (let first = true; !p.done && !over(); first = false) {
      if (first) {
        await wait(p);
        continue;
      }
      if (!p.conn?.open && !(await connect(p))) return;
      const screen = p.screen;
      if (screen.kind === 'page') await look(p);
      else if (clock.now() - screen.lastFrameAt > MINUTE) {
        // No frame for a minute: a missed one (frames are best effort) is caught up by subscribing again.
        counts.resubscribes++;
        screen.lastFrameAt = clock.now();
        await subscribe(p, screen.gameId);
      }
      await wait(p);
    }
    p.conn?.close();
  };

  /** Until the page looks again, or something wakes it; then a moment (a page opened or a change heard is not looked at in the same instant). */
  const wait = async (p: Person) => {
    await new Promise<void>((resolve) => {
      p.wake = resolve;
      void clock.sleep(lookMs).then(resolve);
    });
    await clock.sleep(SECOND + p.rng.next() * SECOND);
  };

  const enter = async (p: Person) => {
    let sentAt = clock.now();
    const answer = await withRetries(
      () => {
        sentAt = clock.now();
        return request(p, { action: 'enterTournament', tournamentId });
      },
      (a) => a?.type !== 'tournament' && (a === undefined || (a as { code?: string }).code === 'RATE_LIMITED' || a.code === 'INTERNAL'),
      () => counts.entryRetries++,
    );
    if (answer?.type !== 'tournament') {
      counts.entryRefused++;
      return false;
    }
    counts.entered++;
    const t = answer.tournament as { status: string; round: number };
    if (t.status === 'running' && t.round === 1 && startingEntryMs === null) startingEntryMs = clock.now() - sentAt;
    return true;
  };

  /** Sign everyone up over the arrival window, create, enter, then play. */
  const scenario = async () => {
    const signedUp = await Promise.all(
      Array.from({ length: people }, async (_, i) => {
        await clock.sleep(i === 0 ? 0 : rng.int(arrivalMs));
        const p = await register(i);
        if (p && !(await connect(p))) return null;
        return p;
      }),
    );
    await clock.sleep(Math.max(0, startedAt + arrivalMs - clock.now()));
    const everyone = signedUp.filter((p): p is Person => p !== null);
    const [creator, ...others] = everyone;
    if (!creator) throw new Error('nobody signed up');
    const made = await request(creator, {
      action: 'createTournament',
      name: `Cloud Cup ${players}`,
      game: 'connect-four',
      format: 'swiss',
      cap: players,
      ...(bots ? { bots } : {}),
      ...(options.bot ? { bot: options.bot } : {}),
    });
    if (made?.type !== 'tournamentCreated') throw new Error(`createTournament was answered ${JSON.stringify(made)}`);
    tournamentId = made.tournamentId as string;
    createdAt = clock.now();
    await Promise.all([
      live(creator),
      ...others.map(async (p) => {
        await clock.sleep(entryMs ? rng.int(entryMs) : 0);
        if (await enter(p)) await live(p);
      }),
    ]);
  };

  const progress = async () => {
    while (!over()) {
      await clock.sleep(5 * MINUTE);
      const head = tournamentId ? table.get(keys.tournament(tournamentId), keys.tournamentHead) : undefined;
      options.progress?.(
        `  ${Math.round((clock.now() - startedAt) / MINUTE)} min simulated, ${Math.round((performance.now() - started) / 1000)} s: round ${head?.round ?? 0} of ${head?.rounds ?? '?'} (${head?.status ?? 'not created'}), ${ended.size} games ended, ${recorded.size} results, ${counts.moves} people's moves`,
      );
    }
  };

  // The tournament's end is read from its item (the table itself, not a billed request).
  const watchEnd = async () => {
    while (!over()) {
      await clock.sleep(10 * SECOND);
      const status = statusNow();
      if (status === 'finished' || status === 'cancelled') finished = true;
    }
  };

  void scenario().catch((error: unknown) => {
    failure = error;
    finished = true;
  });
  void watchEnd();
  if (options.progress) void progress();
  const report = await world.run();
  const wallSeconds = Math.round((performance.now() - started) / 100) / 10;
  if (failure) throw failure;
  if (!tournamentId || createdAt === null) throw new Error('the tournament was never created');
  const out = tournamentReport({ world, report, tournamentId, createdAt });
  const tp = out.tourneyPartition;
  options.progress?.(
    `cloud-tournament ${players} players (${bots} bots): ${out.tournament.status}, rounds ${out.tournament.roundsPaired.join(',')} paired, ${out.games.created} games (${out.games.sumOfTables} tables), ${out.games.results} results; ${tp.key} peak ${tp.peakWriteUnits} WCU / ${tp.peakReadUnits} RCU in a second, ${tp.throttledRequests} throttled; table ${out.table.throttledRequests} throttled; ${wallSeconds} s`,
  );
  return out;

  // --- the report --------------------------------------------------------------------------------
  function tournamentReport(run: { world: World; report: Awaited<ReturnType<World['run']>>; tournamentId: string; createdAt: number }) {
    const pk = keys.tournament(run.tournamentId);
    const head = table.get(pk, keys.tournamentHead)!;
    const rounds = table
      .sortKeys(pk)
      .filter((sk) => sk.startsWith(keys.tournamentRounds))
      .map((sk) => table.get(pk, sk)!) as unknown as { round: number; games: string[]; pairing: { tables: unknown[]; byes: unknown[] } }[];
    const results = table.sortKeys(pk).filter((sk) => sk.startsWith(keys.tableResults));
    const resultsOf = (round: number) =>
      results.filter((sk) => sk.startsWith(`${keys.tableResults}${String(round).padStart(4, '0')}#`)).length;
    const gamesInTable = table.partitionKeys().filter((k) => k.startsWith(keys.game(`${run.tournamentId}-`))).length;
    const seconds = (ms: number | undefined) => (ms === undefined ? null : Math.round(ms / 100) / 10);
    const since = (at: number | undefined) => seconds(at === undefined ? undefined : at - startedAt);
    const perRound = rounds.map((r) => {
      const ends = r.games.map((g) => ended.get(g)).filter((t): t is number => t !== undefined);
      const made = r.games.map((g) => created.get(g)).filter((t): t is number => t !== undefined);
      const next = rounds.find((x) => x.round === r.round + 1);
      const nextMade = next?.games.map((g) => created.get(g)).filter((t): t is number => t !== undefined) ?? [];
      const lastEnd = ends.length === r.games.length && ends.length ? Math.max(...ends) : undefined;
      const lastResult = Math.max(
        ...results
          .filter((sk) => sk.startsWith(`${keys.tableResults}${String(r.round).padStart(4, '0')}#`))
          .map((sk) => recorded.get(sk) ?? Number.NaN),
      );
      return {
        round: r.round,
        tables: r.pairing.tables.length,
        byes: r.pairing.byes.length,
        gamesCreated: made.length,
        results: resultsOf(r.round),
        /** Seconds into the run. */
        pairedAt: since(paired.get(r.round)),
        gamesExistAt: made.length === r.games.length && made.length ? since(Math.max(...made)) : null,
        lastGameEndedAt: since(lastEnd),
        /** From its last game's end: its last result recorded, the next round paired, the next round's games all created. */
        toLastResultSeconds: lastEnd === undefined || Number.isNaN(lastResult) ? null : seconds(lastResult - lastEnd),
        toNextPairedSeconds: lastEnd === undefined || !next ? null : seconds((paired.get(next.round) ?? Number.NaN) - lastEnd),
        toNextGamesSeconds:
          lastEnd === undefined || !next || nextMade.length !== next.games.length ? null : seconds(Math.max(...nextMade) - lastEnd),
      };
    });
    // The partition's busiest second, of writes and of reads: in entry (before round 1 was paired) and in play.
    const round1 = paired.get(1) ?? Number.POSITIVE_INFINITY;
    const all = [...tourneySeconds.values()];
    const peak = (list: KeySeconds[], of: 'read' | 'write') => {
      const top = list.reduce<KeySeconds | null>((a, b) => (!a || b[of] > a[of] ? b : a), null);
      return top ? { units: Math.round(top[of] * 10) / 10, atSeconds: since(top.second * SECOND) } : null;
    };
    const phase = (list: KeySeconds[]) => ({
      peakWrite: peak(list, 'write'),
      peakRead: peak(list, 'read'),
      writeUnits: Math.round(list.reduce((n, s) => n + s.write, 0)),
      readUnits: Math.round(list.reduce((n, s) => n + s.read, 0)),
    });
    const gaps = perRound.map((r) => r.toNextGamesSeconds).filter((s): s is number => s !== null);
    // What the service's reads of the partition cost at the end, as the table bills them (strongly consistent queries, 1 MB pages).
    const queried = (prefix: string) => {
      let units = 0;
      let page = 0;
      for (const sk of table.sortKeys(pk).filter((k) => k.startsWith(prefix))) {
        page += itemSize(table.get(pk, sk)!);
        if (page >= LIMITS.queryPageBytes) {
          units += TableModel.readUnitsFor(page, true);
          page = 0;
        }
      }
      return units + TableModel.readUnitsFor(page, true);
    };
    const headRead = TableModel.readUnitsFor(itemSize(head), true);
    const [entrantsRead, roundsRead, resultsRead] = [keys.entrants, keys.tournamentRounds, keys.tableResults].map(queried) as [
      number,
      number,
      number,
    ];
    // The last round's own items, as a look and an advance read them.
    const itemRead = (sk: string, latest: boolean) => {
      const item = table.get(pk, sk);
      return item ? TableModel.readUnitsFor(itemSize(item), latest) : 0;
    };
    const last = Number(head.round);
    const lastResults = (latest: boolean) => {
      const bytes = table
        .sortKeys(pk)
        .filter((k) => k.startsWith(keys.roundResults(last)))
        .reduce((n, sk) => n + itemSize(table.get(pk, sk)!), 0);
      return TableModel.readUnitsFor(bytes, latest);
    };
    const tourneyUnits = run.report.table.unitsByKind.TOURNEY;
    const fns = run.report.lambda.functions;
    return {
      players,
      people,
      bots,
      entrySeconds: entryMs / SECOND,
      wallSeconds,
      virtualMinutes: Math.round((clock.now() - startedAt) / MINUTE),
      tournament: {
        tournamentId: run.tournamentId,
        status: head.status,
        rounds: head.rounds,
        roundsPaired: rounds.map((r) => r.round),
        entrants: head.entrants,
        /** Seconds into the run: created, round 1 paired (by the entry that filled it), finished. */
        createdAt: since(run.createdAt),
        finishedAt: head.status === 'finished' ? since(Math.max(...ended.values())) : null,
      },
      entry: {
        ...pick(counts, ['registered', 'connected', 'entered', 'entryRetries', 'entryRefused']),
        /** The entry that filled the tournament: its request (the attempt that was answered), from sending to the answer (round 1 paired and its games created inside it). */
        startingRequestMs: startingEntryMs,
      },
      games: {
        created: created.size,
        inTable: gamesInTable,
        sumOfTables: rounds.reduce((n, r) => n + r.pairing.tables.length, 0),
        ended: ended.size,
        results: results.length,
        peopleMoves: counts.moves,
      },
      rounds: perRound,
      /** From a game's creation to its first move (who moves first learns of the game by a look, or by a change heard). */
      firstMoveSeconds: percentiles([...firstMove].map(([g, at]) => (at - created.get(g)!) / SECOND)),
      /** From a round's last game's end to the next round's games all existing. */
      roundGapSeconds: gaps.length ? { max: Math.max(...gaps), p50: gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)] } : null,
      tourneyPartition: {
        key: pk,
        peakWriteUnits: Math.round((table.peaks.get(pk)?.write ?? 0) * 10) / 10,
        peakReadUnits: Math.round((table.peaks.get(pk)?.read ?? 0) * 10) / 10,
        entry: phase(all.filter((s) => s.second * SECOND < round1)),
        play: phase(all.filter((s) => s.second * SECOND >= round1)),
        /** What was written to it in its busiest second for writes, by kind of item. */
        writePeakBurst: burstOf(table, pk),
        throttledRequests: throttledByKey.get(pk) ?? 0,
        writeUnits: Math.round(all.reduce((n, s) => n + s.write, 0)),
        readUnits: Math.round(all.reduce((n, s) => n + s.read, 0)),
        /** Units used in it by each function. */
        unitsBy: tourneyUnits?.by ?? {},
        /**
         * Read units of one read at it at the end, as the service reads it. A `tournament` frame:
         * the head, the last round's results and — once per container, then kept — the round's
         * ledger and pairing (all three eventually consistent). A finishing game's advance: the head and the round's
         * results (and its pairing once). Pairing a round: its ledger (the one before's, that
         * round's pairing and results). What reading every entrant, pairing and result would cost
         * (as the service did before) is beside them.
         */
        readUnitsAtTheEnd: {
          look: headRead + lastResults(false),
          lookInANewContainer:
            headRead + lastResults(false) + itemRead(keys.tournamentLedger(last), false) + itemRead(keys.tournamentRound(last), false),
          advance: headRead + lastResults(true),
          ledger: itemRead(keys.tournamentLedger(last), true),
          pairing: itemRead(keys.tournamentRound(last), true),
          everything: headRead + entrantsRead + roundsRead + resultsRead,
        },
      },
      table: {
        throttledRequests: run.report.table.throttledRequests,
        throttledByKey: Object.fromEntries([...throttledByKey].sort(([, a], [, b]) => b - a).slice(0, 10)),
        /** Requests that stayed throttled after the SDK's 3 attempts (their callers saw the error). */
        failedThrottled: run.report.dynamoRetries.failedThrottled,
        writeUnits: run.report.table.writeUnits,
        readUnits: run.report.table.readUnits,
        hottestKeys: hottestKeys(table, 8),
        versions: run.report.table.versions,
      },
      clients: pick(counts, [
        'looks',
        'lookErrors',
        'gamesOpened',
        'moves',
        'moveErrors',
        'resubscribes',
        'reconnects',
        'throttledMessages',
        'unanswered',
      ]),
      lambda: {
        peakConcurrency: run.report.lambda.peakConcurrency,
        message: pick(fns.message!, ['invocations', 'errors', 'timeouts', 'throttles']),
        bots: pick(fns.bots!, ['invocations', 'errors', 'timeouts', 'throttles']),
        notify: pick(fns.notify!, ['invocations', 'errors', 'timeouts', 'throttles']),
      },
      streams: {
        bots: pick(run.report.streams.bots, ['retries', 'failedBatches', 'maxIteratorAgeMs']),
        notify: pick(run.report.streams.notify, ['retries', 'failedBatches', 'maxIteratorAgeMs']),
      },
      apiGatewayThrottled: run.report.apiGateway.throttled,
    };
  }
}

function percentiles(xs: number[]): { count: number; p50: number | null; p90: number | null; max: number | null } {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10 : null;
  return { count: xs.length, p50: at(0.5), p90: at(0.9), max: sorted.length ? Math.round(sorted.at(-1)! * 10) / 10 : null };
}

function pick<T extends object, K extends keyof T>(from: T, names: readonly K[]): Pick<T, K> {
  return Object.fromEntries(names.map((k) => [k, from[k]])) as Pick<T, K>;
}

export type TournamentRunReport = Awaited<ReturnType<typeof runTournament>>;
