/**
 * The deployed stack, played end to end with faults injected (see harness.ts): a complete
 * 4-player Vasco da Gama game — two people, two bots, a per-move clock of about 7 seconds; one
 * person signed in as a device lists it in the lobby, the other finds it there — through the
 * synthesized template's own bundles, each function in its own processes, several
 * message instances at once. One person leaves and times out (the sweep's safe bot plays for
 * them), then comes back and resumes. Instances are killed at random at DynamoDB and
 * @connections requests, at least 50 times; redeliveries follow as AWS makes them. Then: the
 * game ended, every version exists exactly once, both clients converge to the final state, and
 * no automatic seat ever waited longer than the re-drive allows.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Rng } from '../../domain/engine/rng';
import type { StateFrame } from '../../functions/core/protocol/frames';
import { keys } from '../../functions/adapters/store/keys';
import { CONNECTION_TTL_SECONDS } from '../../functions/adapters/store/connections';
import type { CommitItem } from '../../functions/adapters/store/items';
import { LOCAL_CREDENTIALS } from '../../local/dynamodb';
import { startHarness, type Harness } from './harness';
import { Person, registerPlayer } from './player';

const KILLS_WANTED = 60;
const KILL_CHANCE = 0.03;
const REDRIVE_AFTER_MS = 4000;
const SCHEDULE_EVERY_MS = 500;
const CLOCK_HOURS = 0.002; // 7.2 seconds per move

const rng = new Rng(20261124);
const kills = new Map<string, number>();
let injecting = true;
const shortName = (id: string) => id.replace(/[0-9A-F]{8}$/, '');

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    faults: {
      // The sweep sends 16 queries every tick: a lower chance there spreads the deaths over every function.
      decide: (fn) =>
        injecting && rng.next() < (fn.startsWith('Sweep') ? KILL_CHANCE / 8 : KILL_CHANCE) ? (rng.next() < 0.5 ? 'before' : 'after') : null,
      killed: (fn, operation, when) => {
        const key = `${shortName(fn)} ${operation} ${when}`;
        kills.set(key, (kills.get(key) ?? 0) + 1);
        if ([...kills.values()].reduce((a, b) => a + b, 0) >= KILLS_WANTED) injecting = false;
      },
    },
    scheduleEveryMs: SCHEDULE_EVERY_MS,
    maxInstances: 3,
    settings: { REDRIVE_AFTER_MS: String(REDRIVE_AFTER_MS) },
  });
}, 180_000);
afterAll(async () => h?.stop(), 60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const totalKills = () => [...kills.values()].reduce((a, b) => a + b, 0);

/** Play `person`'s seat whenever it is to act (resuming it if it timed out) until the game ends. */
async function play(person: Person, gameId: string, stopWhen: () => boolean = () => false): Promise<void> {
  let quiet = 0;
  for (let step = 0; step < 5000 && !stopWhen(); step++) {
    const s = person.states.get(gameId)!;
    if (s.status === 'finished') return;
    const seat = s.you!;
    if (s.absent.includes(seat)) {
      await person.request({ action: 'resume', gameId });
      await person.subscribe(gameId);
      continue;
    }
    if (s.activeSeats.includes(seat) && s.legal.length) {
      const command = s.legal[Math.floor(rng.next() * s.legal.length)];
      const answer = await person.request<{ type: string; code?: string }>({
        action: 'command',
        gameId,
        commandId: `${person.account.name}-${s.version}`,
        command,
        expectedVersion: s.version,
      });
      // Refused (the state moved on under it: a time-out, a conflict): look again.
      if (answer.type !== 'ack') await person.subscribe(gameId);
      quiet = 0;
      continue;
    }
    // Not my turn: wait for frames; when nothing comes for a while, subscribe again (a lost broadcast).
    await sleep(50);
    if (++quiet % 40 === 0) await person.subscribe(gameId);
  }
}

/** One item, read consistently (or undefined). */
async function item(pk: string, sk: string): Promise<Record<string, unknown> | undefined> {
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: h.dynamo.endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS }),
  );
  const out = await doc.send(new GetCommand({ TableName: h.tableName, Key: { pk, sk }, ConsistentRead: true }));
  doc.destroy();
  return out.Item;
}

async function commits(gameId: string): Promise<CommitItem[]> {
  return (await gameItems(gameId, 'V#')) as unknown as CommitItem[];
}

/** The items of a game's partition under one prefix, read consistently. */
async function gameItems(gameId: string, prefix: string): Promise<Record<string, unknown>[]> {
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: h.dynamo.endpoint, region: 'us-east-1', credentials: LOCAL_CREDENTIALS }),
  );
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(
      new QueryCommand({
        TableName: h.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :v)',
        ExpressionAttributeValues: { ':pk': keys.game(gameId), ':v': prefix },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  doc.destroy();
  return items;
}

describe('the deployed stack, played with injected faults', () => {
  it('ends a 4-player game with a clock, each version once, every client converged, no automatic seat stuck', async () => {
    const started = Date.now();
    // Bruno signs in as a device: his expiring v2 token, signed with the secret's key set, is what $connect checks.
    const [ana, bruno] = await Promise.all([
      registerPlayer(h.gateway.url, 'Ana'),
      registerPlayer(h.gateway.url, 'Bruno', "Bruno's laptop"),
    ]);
    expect(bruno.token).toMatch(/^v2\./);
    const a = new Person(ana, h.gateway.wsUrl);
    const b = new Person(bruno, h.gateway.wsUrl);
    await Promise.all([a.connect(), b.connect()]);

    // Cloud-only paths: the token secret came from Secrets Manager (registration and $connect
    // both verified with it); a new email address gets its confirmation link through SES.
    expect(h.services.secretReads).toBeGreaterThan(0);
    const saved = await a.request<{ type: string }>({ action: 'setNotifications', settings: { email: 'ana@example.com' } });
    expect(saved.type).toBe('notifications');
    const confirmationMail = () => h.services.mails.find((m) => m.to.includes('ana@example.com') && /confirm/i.test(m.subject + m.text));
    // An instance killed between storing the address and mailing leaves no email (its retry finds
    // the address stored): Ana asks for the link again, as her settings offer.
    if (!confirmationMail()) {
      const again = { action: 'setNotifications', settings: { email: 'ana@example.com' }, resendConfirmation: true };
      expect(await a.request(again)).toMatchObject({ type: 'notifications' });
    }
    const confirmation = confirmationMail();
    // Through the configuration set that reports bounces, tagged with the player they concern.
    expect(confirmation).toMatchObject({
      configurationSet: expect.stringMatching(/^EmailConfigurationSet/),
      tags: { playerId: ana.playerId },
    });

    // Ana lists the game in the lobby; Bruno, who has no invite, finds it there and joins from the list.
    const created = await a.request<{ type: string; gameId: string }>({
      action: 'createGame',
      createId: 'ana-lobby-game', // sent again after a death, it is still one game
      game: 'vasco-da-gama',
      players: 4,
      bots: [2, 3],
      clock: { type: 'perMove', hours: CLOCK_HOURS },
      listed: true,
    });
    expect(created.type).toBe('gameCreated');
    const { gameId } = created;
    // (An instance killed after the commit leaves the listing to the stream: ask again until it is there.)
    const listedIds = async () =>
      (await b.request<{ games?: { gameId: string }[] }>({ action: 'openGames', game: 'vasco-da-gama' })).games?.map((g) => g.gameId);
    for (let i = 0; i < 100 && !(await listedIds())?.includes(gameId); i++) await sleep(100);
    expect(await listedIds()).toEqual([gameId]);
    expect(await b.request({ action: 'joinGame', gameId, listed: true })).toMatchObject({ type: 'joined' });
    await Promise.all([a.subscribe(gameId), b.subscribe(gameId)]);

    // Bruno plays a while, then leaves for longer than his clock allows, then comes back.
    const brunoAway = (async () => {
      await play(b, gameId, () => (b.states.get(gameId)?.version ?? 0) > 60);
      const seat = b.states.get(gameId)!.you!;
      await b.close();
      // Away until the sweep has timed him out, as Ana sees it (not a fixed time: his turn may come late).
      const seen = await a.stateWhere(gameId, (s) => s.status === 'finished' || s.absent.includes(seat), 120_000);
      expect(seen.absent, 'Bruno timed out while away').toContain(seat);
      // Back by the game's page: his socket watches the game from $connect, before he asks for its state.
      const back = Math.floor(Date.now() / 1000);
      await b.connect(gameId);
      const watching = await gameItems(gameId, 'SUB#');
      expect(watching.some((i) => i.playerId === b.account.playerId && Number(i.ttl) >= back + CONNECTION_TTL_SECONDS)).toBe(true);
      await b.subscribe(gameId);
      await play(b, gameId);
    })();
    await Promise.all([play(a, gameId), brunoAway]);

    // Converged: both clients hold the final version (frames, or a subscription after a gap).
    const stored = await commits(gameId);
    const finalVersion = Math.max(...stored.map((c) => c.version));
    for (const p of [a, b]) {
      if (p.states.get(gameId)!.version !== finalVersion) await p.subscribe(gameId);
      expect(p.states.get(gameId)!.version, p.account.name).toBe(finalVersion);
      expect(p.states.get(gameId)!.status).toBe('finished');
    }
    const final: StateFrame = a.states.get(gameId)!;
    expect(final.outcome).toBeTruthy();

    // Every version exactly once, 1..N.
    const versions = stored.map((c) => c.version).sort((x, y) => x - y);
    expect(versions).toEqual(versions.map((_, i) => i + 1));
    expect(new Set(stored.map((c) => c.version)).size).toBe(stored.length);

    // The Bots function's ratings, a filter of its mapping, rated the two people once (the bots have none).
    for (let i = 0; i < 600 && !(await item(keys.game(gameId), keys.rated)); i++) await sleep(100);
    for (const p of [ana, bruno])
      expect(await item(keys.player(p.playerId), keys.rating('vasco-da-gama')), p.name).toMatchObject({ games: 1, rev: 1 });

    // Bruno timed out (the safe bot stood in) and came back.
    const events = stored.flatMap((c) => JSON.parse(c.events) as { type: string }[]);
    expect(events.some((e) => e.type === '$timedOut')).toBe(true);
    expect(events.some((e) => e.type === '$resumed')).toBe(true);

    // The longest any automatic seat (bot, or absent person) waited with nothing stored.
    const byVersion = [...stored].sort((x, y) => x.version - y.version);
    // Re-drive: due a period after the commit, and a period later again each time the sweep that
    // took it is killed before it finishes (about one run in ten here; twice running is seen, 12.5 s
    // in CI), plus the schedule's tick and the sweep's own work. A stuck seat waits for ever.
    const allowedWait = 3 * REDRIVE_AFTER_MS + 3 * SCHEDULE_EVERY_MS + 3000;
    const waits: number[] = [];
    for (let i = 0; i + 1 < byVersion.length; i++) {
      const c = byVersion[i]!;
      const automatic = c.status === 'active' && c.activeSeats.some((s) => Boolean(c.seats[s]?.bot) || c.absent[s] === true);
      if (automatic) waits.push(Date.parse(byVersion[i + 1]!.at) - Date.parse(c.at));
    }
    const longestAutomaticWait = Math.max(...waits);
    const stuck = waits.filter((w) => w > allowedWait).length;
    const duplicated = stored.length - new Set(stored.map((c) => c.version)).size;
    const report = {
      versionsStored: stored.length,
      kills: totalKills(),
      killsByPlace: Object.fromEntries([...kills].sort((x, y) => y[1] - x[1])),
      streamBatches: h.stream.batches,
      streamRedeliveries: h.stream.redeliveries,
      streamDeadLetters: h.stream.deadLetters,
      failedMessages: h.gateway.failedMessages,
      clientResends: a.retries + b.retries,
      clientSlowedDown: a.slowedDown + b.slowedDown,
      clientReconnects: a.reconnects + b.reconnects,
      scheduleRuns: h.scheduleRuns,
      coldStarts: Object.fromEntries([...h.pools].map(([id, p]) => [shortName(id), p.coldStarts])),
      invocations: Object.fromEntries([...h.pools].map(([id, p]) => [shortName(id), p.invocations])),
      loggedErrors: Object.fromEntries(
        [...h.pools].filter(([, p]) => p.errors.size).map(([id, p]) => [shortName(id), Object.fromEntries(p.errors)]),
      ),
      longestAutomaticWaitMs: longestAutomaticWait,
      automaticWaits: waits.length,
      stuckVersions: stuck,
      duplicatedVersions: duplicated,
      seconds: Math.round((Date.now() - started) / 1000),
    };
    console.log(JSON.stringify(report));
    expect(totalKills()).toBeGreaterThanOrEqual(50);
    expect(stuck).toBe(0);
    expect(duplicated).toBe(0);
    await Promise.all([a.close(), b.close()]);
  }, 600_000);
});
