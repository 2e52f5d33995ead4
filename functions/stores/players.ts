/** Players: each one's profile (the name they signed up with) and notification settings record. */
import type { NotificationSettings, SettingsRecord } from '../core/notification';

export interface PlayerStore {
  /**
   * Record a new player and claim their name: refused with CONFLICT (nameTaken) when another
   * player has the name, compared by nameKey (core/name-key.ts), and then nothing is stored; an
   * error when the id is taken (ids are random: it never is).
   */
  putPlayer(playerId: string, name: string): Promise<void>;
  /** A player's name from their profile, or null when there is no such player. */
  playerName(playerId: string): Promise<string | null>;
  /**
   * A player's notification settings with the state of their email address (NO_RECORD before
   * any were stored). `consistent`: see every write made so far.
   */
  getSettingsRecord(playerId: string, consistent?: boolean): Promise<SettingsRecord>;
  getSettings(playerId: string): Promise<NotificationSettings>;
  /**
   * Write a settings record unless the record was written since it was read (its `rev`): the
   * settings, the confirmed address and the confirmation count are held together. Returns the
   * stored record (its rev one higher), or null when another write got in first.
   */
  writeSettingsRecord(playerId: string, record: SettingsRecord): Promise<SettingsRecord | null>;
  /**
   * Read, change and write back a player's settings record, again if another write got in
   * between (CONFLICT after a few tries). `change` may throw (nothing is written) or return null
   * (nothing to write).
   */
  updateSettings(
    playerId: string,
    change: (r: SettingsRecord) => SettingsRecord | null,
  ): Promise<{ before: SettingsRecord; after: SettingsRecord }>;
  /** Replace the settings; the email confirmation stays if the address does. */
  putSettings(playerId: string, settings: NotificationSettings): Promise<void>;
}
