/**
 * Who signs in with an address, the sign-in links mailed to it lately, and the asks for one
 * (EMAIL#address partition): what the stream's reaction to an ask needs (host/signin-links.ts),
 * and no more, for the size of the function that carries it.
 */
import type { Counted, EmailAccount, SignInAskStore } from '../../stores/accounts';
import { AccountItems, PK, SK, ttlOf } from './account-items';
import type { ItemOf, SignInAskItem } from './items';
import { keys } from './keys';

export class DynamoSignInAskStore extends AccountItems implements SignInAskStore {
  async emailAccount(email: string): Promise<EmailAccount | null> {
    const item = await this.get<ItemOf<'emailAccount'>>('emailAccount', keys.emailAccount(email), keys.emailAccountMeta);
    return item?.playerId === undefined ? null : { playerId: item.playerId };
  }

  async countSignInEmail(email: string, max: number, windowMs: number, now: Date): Promise<Counted> {
    return this.countRecent('emailAccount', keys.emailAccount(email), keys.emailAccountMeta, max, windowMs, now);
  }

  async askSignInLink(email: string, at: Date): Promise<void> {
    await this.put({
      [PK]: keys.emailAccount(email),
      [SK]: keys.signInAsk(at.toISOString()),
      kind: 'signInAsk',
      email: email.toLowerCase(),
      at: at.toISOString(),
      ttl: ttlOf(at.getTime() + 86_400_000),
    } satisfies SignInAskItem);
  }

  async takeSignInAsk(email: string, at: string): Promise<boolean> {
    return (await this.take('signInAsk', keys.emailAccount(email), keys.signInAsk(at), `attribute_exists(${PK})`)) !== null;
  }
}
