/**
 * The configuration a Lambda container reads from the environment the CDK stack sets
 * (functions/app/config.ts): each setting's source and default, and the web client's links.
 */
import { describe, expect, it } from 'vitest';
import { configFromEnv, linksOf } from '../../functions/app/config';

describe("a Lambda container's configuration", () => {
  it('takes the defaults from an empty environment: no secret, no Web Push, no email, INFO logs, one of many writers', () => {
    expect(configFromEnv({})).toMatchObject({
      tableName: 'caravela',
      region: 'us-east-1',
      publicUrl: '',
      secret: null,
      vapid: null,
      email: null,
      sweepBudgetMs: 40_000,
      soleWriter: false,
      onLambda: false,
      logLevel: 'INFO',
    });
  });

  it('reads the token key set from the secret, its file or its Secrets Manager ARN, in that order', () => {
    expect(configFromEnv({ CARAVELA_SECRET: 's', CARAVELA_SECRET_FILE: '/f', SECRET_ARN: 'arn' }).secret).toEqual({ value: 's' });
    expect(configFromEnv({ CARAVELA_SECRET_FILE: '/f', SECRET_ARN: 'arn' }).secret).toEqual({ file: '/f' });
    expect(configFromEnv({ SECRET_ARN: 'arn' }).secret).toEqual({ arn: 'arn' });
  });

  it('reads VAPID keys given, or their secret, and mail to an outbox or through SES with its configuration set', () => {
    expect(configFromEnv({ VAPID_PUBLIC_KEY: 'pub', VAPID_PRIVATE_KEY: 'priv' }).vapid).toEqual({
      publicKey: 'pub',
      privateKey: 'priv',
      subject: 'mailto:caravela@localhost',
    });
    expect(configFromEnv({ VAPID_SECRET_ARN: 'arn', VAPID_SUBJECT: 'mailto:ops@example.org' }).vapid).toEqual({
      arn: 'arn',
      subject: 'mailto:ops@example.org',
    });
    expect(configFromEnv({ VAPID_PUBLIC_KEY: 'pub' }).vapid).toBeNull(); // half a key pair is none
    expect(configFromEnv({ EMAIL_OUTBOX_DIR: '/out', EMAIL_FROM: 'a@b' }).email).toEqual({ outboxDir: '/out' });
    expect(configFromEnv({ EMAIL_FROM: 'a@b', SES_CONFIGURATION_SET: 'set' }).email).toEqual({ from: 'a@b', configurationSet: 'set' });
  });

  it('knows it runs on Lambda, where its endpoint, budget and re-drive come from', () => {
    const config = configFromEnv({
      AWS_LAMBDA_FUNCTION_NAME: 'caravela-Message',
      AWS_REGION: 'eu-west-1',
      TABLE_NAME: 'games',
      CONNECTIONS_ENDPOINT: 'https://ws.example.org/prod',
      PUBLIC_URL: 'https://games.example.org/',
      SWEEP_BUDGET_MS: '20000',
      REDRIVE_AFTER_MS: '60000',
      LOG_LEVEL: 'WARN',
    });
    expect(config).toMatchObject({
      onLambda: true,
      region: 'eu-west-1',
      tableName: 'games',
      connectionsEndpoint: 'https://ws.example.org/prod',
      publicUrl: 'https://games.example.org',
      sweepBudgetMs: 20_000,
      redriveAfterMs: 60_000,
      logLevel: 'WARN',
    });
  });
});

describe("the web client's links", () => {
  it('open a game, the settings, a confirmation and a sign-in link under the public address, encoded', () => {
    const links = linksOf({ publicUrl: 'https://games.example.org' });
    expect(links.game('a b/c')).toBe('https://games.example.org/#/game/a%20b%2Fc');
    expect(links.settings()).toBe('https://games.example.org/#/settings');
    expect(links.confirmEmail('e1.x+y')).toBe('https://games.example.org/#/confirm-email/e1.x%2By');
    expect(links.signIn('s1.t')).toBe('https://games.example.org/#/signin/s1.t');
  });
});
