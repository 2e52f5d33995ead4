/**
 * Players in memory: profiles, and settings records revised on condition of their `rev`, as on
 * the table. A record is kept as the table's item holds it (an empty muted list, a null address
 * are not stored), so it reads back the same. The other memory stores read names, mutes and
 * existence here, as theirs read the players' items.
 */
import { NO_RECORD, withSettings, type NotificationSettings, type SettingsRecord } from '../../core/notification';
import { ProtocolError } from '../../core/protocol/frames';
import { nameKey, nameTaken } from '../../core/name-key';
import type { PlayerStore } from '../../stores/players';

/** A record as the table's item keeps it. */
function asStored(r: SettingsRecord): SettingsRecord {
  return structuredClone({
    // The table keeps the settings as JSON.
    settings: JSON.parse(JSON.stringify(r.settings)) as NotificationSettings,
    confirmedEmail: r.confirmedEmail || null,
    emailSince: r.emailSince,
    confirmationsSent: r.confirmationsSent,
    rev: r.rev,
    ...(r.muted?.length ? { muted: r.muted } : {}),
    ...(r.emailBlocked ? { emailBlocked: r.emailBlocked } : {}),
  });
}

export class MemoryPlayerStore implements PlayerStore {
  /** playerId → their profile */
  private readonly profiles = new Map<string, { name: string; createdAt: string }>();
  /** nameKey → the player who has the name */
  private readonly names = new Map<string, string>();
  /** playerId → their settings record, as stored */
  private readonly settings = new Map<string, SettingsRecord>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** The player who claimed a name (the memory social store finds players by name here). */
  byNameKey(key: string): { playerId: string; name: string } | null {
    const playerId = this.names.get(key);
    return playerId ? { playerId, name: this.profiles.get(playerId)!.name } : null;
  }

  async putPlayer(playerId: string, name: string): Promise<void> {
    if (this.profiles.has(playerId)) throw new Error(`player ${playerId} exists already`);
    const key = nameKey(name);
    if (this.names.has(key)) throw new ProtocolError('CONFLICT', nameTaken(name));
    this.names.set(key, playerId);
    this.profiles.set(playerId, { name, createdAt: this.now().toISOString() });
  }

  async playerName(playerId: string): Promise<string | null> {
    return this.profiles.get(playerId)?.name ?? null;
  }

  /** Whether the player signed up. */
  exists(playerId: string): boolean {
    return this.profiles.has(playerId);
  }

  async getSettingsRecord(playerId: string): Promise<SettingsRecord> {
    const stored = this.settings.get(playerId);
    return stored ? structuredClone(stored) : NO_RECORD;
  }

  async getSettings(playerId: string): Promise<NotificationSettings> {
    return (await this.getSettingsRecord(playerId)).settings;
  }

  async writeSettingsRecord(playerId: string, record: SettingsRecord): Promise<SettingsRecord | null> {
    // As the table's condition: a first write finds no record, a later one the rev it read.
    const current = this.settings.get(playerId);
    if (record.rev === 0 ? current !== undefined : current?.rev !== record.rev) return null;
    const stored = { ...record, rev: record.rev + 1 };
    this.settings.set(playerId, asStored(stored));
    return stored;
  }

  async updateSettings(
    playerId: string,
    change: (r: SettingsRecord) => SettingsRecord | null,
  ): Promise<{ before: SettingsRecord; after: SettingsRecord }> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = await this.getSettingsRecord(playerId);
      const next = change(before);
      if (!next) return { before, after: before };
      const after = await this.writeSettingsRecord(playerId, { ...next, rev: before.rev });
      if (after) return { before, after };
    }
    throw new ProtocolError('CONFLICT', 'Your notification settings were being changed elsewhere at the same time; try again.');
  }

  async putSettings(playerId: string, settings: NotificationSettings): Promise<void> {
    await this.updateSettings(playerId, (r) => withSettings(r, settings, this.now()));
  }
}
