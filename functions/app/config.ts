/**
 * What an operator configures, as plain data: read from the environment once per Lambda
 * container (`configFromEnv`; the CDK stack sets the variables), or built by the local runtime
 * and the tests directly. Nothing else in the application reads `process.env`, except the
 * operator's `LIMIT_…` quotas (adapters/limits.ts), read where each is checked.
 */
export interface AppConfig {
  tableName: string;
  region: string;
  /** DynamoDB endpoint override (DynamoDB Local). */
  dynamoEndpoint?: string;
  /** Credentials for the SDK's clients (the local runtime's stand-ins); else the SDK's own chain (the Lambda role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** @connections endpoint override; else derived from the WebSocket request. */
  connectionsEndpoint?: string;
  /** Where players reach the web client (links in notifications and emails); '' for relative links. */
  publicUrl: string;
  /** The token key set: given directly, in a file the local runtime keeps, or a Secrets Manager secret. */
  secret: { value: string } | { file: string } | { arn: string } | null;
  /** VAPID keys for Web Push: given directly, or a Secrets Manager secret; null turns Web Push off. */
  vapid: { publicKey: string; privateKey: string; subject: string } | { arn: string; subject?: string } | null;
  /** Email: an outbox folder of .eml files (local), Amazon SES from an address (cloud), or none. */
  email: { outboxDir: string } | { from: string; configurationSet?: string } | null;
  /** Allowed push-service origins and webhook URL prefixes (undefined: the built-in lists). */
  pushAllow?: string;
  webhookAllow?: string;
  /** How long an automatic seat may wait with nothing moving it before the sweep plays its move. */
  redriveAfterMs?: number;
  /** No sweep run starts a game after this long (the function's timeout is 60 s). */
  sweepBudgetMs: number;
  /**
   * This process serves every socket and writes every commit (the local runtime): it may keep
   * who is connected and each game's latest record in memory, and group concurrent commits.
   */
  soleWriter: boolean;
  /** Running on Lambda: short SDK timeouts, metrics as CloudWatch EMF lines. */
  onLambda: boolean;
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'SILENT';
}

type Env = Record<string, string | undefined>;

/** The configuration the CDK stack's environment variables describe (see infra/stack.ts). */
export function configFromEnv(env: Env): AppConfig {
  const vapidSubject = env.VAPID_SUBJECT ?? 'mailto:caravela@localhost';
  return {
    tableName: env.TABLE_NAME ?? 'caravela',
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    connectionsEndpoint: env.CONNECTIONS_ENDPOINT || undefined,
    publicUrl: (env.PUBLIC_URL ?? '').replace(/\/$/, ''),
    secret: env.CARAVELA_SECRET
      ? { value: env.CARAVELA_SECRET }
      : env.CARAVELA_SECRET_FILE
        ? { file: env.CARAVELA_SECRET_FILE }
        : env.SECRET_ARN
          ? { arn: env.SECRET_ARN }
          : null,
    vapid:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: vapidSubject }
        : env.VAPID_SECRET_ARN
          ? { arn: env.VAPID_SECRET_ARN, ...(env.VAPID_SUBJECT ? { subject: env.VAPID_SUBJECT } : {}) }
          : null,
    email: env.EMAIL_OUTBOX_DIR
      ? { outboxDir: env.EMAIL_OUTBOX_DIR }
      : env.EMAIL_FROM
        ? { from: env.EMAIL_FROM, ...(env.SES_CONFIGURATION_SET ? { configurationSet: env.SES_CONFIGURATION_SET } : {}) }
        : null,
    pushAllow: env.PUSH_ALLOW,
    webhookAllow: env.WEBHOOK_ALLOW,
    redriveAfterMs: env.REDRIVE_AFTER_MS ? Number(env.REDRIVE_AFTER_MS) : undefined,
    sweepBudgetMs: Number(env.SWEEP_BUDGET_MS ?? 40_000),
    // Each Lambda container is one of many: only the local runtime, which builds its own configuration, is the sole writer.
    soleWriter: false,
    onLambda: env.AWS_LAMBDA_FUNCTION_NAME !== undefined,
    logLevel: (env.LOG_LEVEL as AppConfig['logLevel'] | undefined) ?? (env.VITEST ? 'ERROR' : 'INFO'),
  };
}

/** The web client's addresses that links point to. */
export interface Links {
  game(gameId: string): string;
  settings(): string;
  confirmEmail(token: string): string;
  signIn(token: string): string;
  /** Who passkeys belong to (WebAuthn's relying party). */
  relyingParty(): { rpID: string; origin: string };
}

export function linksOf(config: Pick<AppConfig, 'publicUrl'>): Links {
  const base = config.publicUrl;
  return {
    game: (gameId) => `${base}/#/game/${encodeURIComponent(gameId)}`,
    settings: () => `${base}/#/settings`,
    confirmEmail: (token) => `${base}/#/confirm-email/${encodeURIComponent(token)}`,
    signIn: (token) => `${base}/#/signin/${encodeURIComponent(token)}`,
    // A loopback address becomes `localhost`, since browsers refuse passkeys on an IP address:
    // locally they work at http://localhost:PORT.
    relyingParty: () => {
      const url = new URL(base || 'http://localhost');
      if (['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname)) {
        url.hostname = 'localhost';
        return { rpID: 'localhost', origin: url.origin };
      }
      return { rpID: url.hostname, origin: url.origin };
    },
  };
}
