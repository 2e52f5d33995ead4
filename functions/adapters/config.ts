/**
 * Configuration from the environment, read lazily so the local runtime can set it before the
 * first handler call. In the cloud the CDK stack sets TABLE_NAME and SECRET_ARN; locally the
 * runtime sets TABLE_NAME, DYNAMODB_ENDPOINT, CONNECTIONS_ENDPOINT and CARAVELA_SECRET.
 */
export interface Config {
  tableName: string;
  region: string;
  /** DynamoDB endpoint override (DynamoDB Local). */
  dynamoEndpoint: string | undefined;
  /** @connections endpoint override (the local runtime); else derived from the request. */
  connectionsEndpoint: string | undefined;
  /** HMAC secret for player tokens, given directly … */
  secret: string | undefined;
  /** … or as a Secrets Manager secret to fetch once per cold start. */
  secretArn: string | undefined;
  /** How long an automatic seat may wait with nothing moving it before the sweep plays its move (REDRIVE_AFTER_MS; default 3 minutes). */
  redriveAfterMs: number | undefined;
}

export function config(): Config {
  const env = process.env;
  return {
    tableName: env.TABLE_NAME ?? 'caravela',
    region: env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    connectionsEndpoint: env.CONNECTIONS_ENDPOINT || undefined,
    secret: env.CARAVELA_SECRET || undefined,
    secretArn: env.SECRET_ARN || undefined,
    redriveAfterMs: env.REDRIVE_AFTER_MS ? Number(env.REDRIVE_AFTER_MS) : undefined,
  };
}

const publicUrl = () => (process.env.PUBLIC_URL ?? '').replace(/\/$/, '');

/** Where a game opens in the web client (for links in notifications). */
export function gameUrl(gameId: string): string {
  return `${publicUrl()}/#/game/${encodeURIComponent(gameId)}`;
}

/** The web client's page that confirms an email address (the link in the confirmation email). */
export function confirmEmailUrl(token: string): string {
  return `${publicUrl()}/#/confirm-email/${encodeURIComponent(token)}`;
}

/** The web client's page that opens an email sign-in link. */
export function signInUrl(token: string): string {
  return `${publicUrl()}/#/signin/${encodeURIComponent(token)}`;
}

/**
 * Who passkeys belong to (WebAuthn's relying party): the host of PUBLIC_URL and its origin. A
 * loopback address becomes `localhost`, since browsers refuse passkeys on an IP address: locally
 * they work at http://localhost:PORT.
 */
export function relyingParty(): { rpID: string; origin: string } {
  const url = new URL(publicUrl() || 'http://localhost');
  if (['127.0.0.1', '[::1]', 'localhost'].includes(url.hostname)) {
    url.hostname = 'localhost';
    return { rpID: 'localhost', origin: url.origin };
  }
  return { rpID: url.hostname, origin: url.origin };
}
