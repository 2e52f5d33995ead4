/**
 * The Caravela stack: one DynamoDB table, the token secret and the Web Push (VAPID) key secret,
 * the WebSocket API (the realtime channel of docs/protocol.md) and the HTTP API (health, player
 * registration, push key, replays), the web client as static files (a private S3 bucket behind
 * CloudFront, with a generated config.json naming both APIs), seven thin Lambda handlers bundled by the locally installed
 * esbuild (never Docker) for Node.js 22 on arm64 — the four request handlers and the passkey routes, the notifier on
 * the table's stream and the clock sweep on a five-minute schedule —, a bucket per stream reader
 * keeping the batches it gives up on (for `npm run redrive`), and alarms that page on handler
 * errors, throttling, a notifier falling behind and notifications given up on.
 *
 * Each handler gets only the table actions and the configuration it uses, so a bug in one
 * route cannot touch what that route has no business touching.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnOutput, Duration, RemovalPolicy, Stack, Validations, type CfnElement, type StackProps } from 'aws-cdk-lib';
import { CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpRoute,
  HttpStage,
  WebSocketApi,
  WebSocketStage,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration, WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { AttributeType, BillingMode, Operation, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  Architecture,
  type CfnFunction,
  type DlqDestinationConfig,
  FilterCriteria,
  FilterRule,
  type IEventSourceMapping,
  type IFunction,
  LoggingFormat,
  MetricType,
  Runtime,
  StartingPosition,
  SystemLogLevel,
} from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, S3OnFailureDestination } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription, LambdaSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { ConfigurationSet, ConfigurationSetEventDestination, EmailSendingEvent, EventDestination } from 'aws-cdk-lib/aws-ses';
import { METRIC_NAMESPACE, METRICS } from '../functions/observe/metric-names';
import { PRODUCTION } from './production';
import { HASHED_FILES } from '../scripts/build-web';
import type { Construct, IConstruct } from 'constructs';
import { ACTIONS } from '../functions/core/protocol/frames';
import type { SweepPart } from '../functions/core/sweep-part';
import { TABLE } from '../functions/adapters/store/table';

/** The HTTP routes of signing in (all POST): these on the Http function (api/session-routes.ts)… */
export const SESSION_ROUTES = [
  '/api/session/refresh',
  '/api/session/upgrade',
  '/api/signin/email',
  '/api/signin/email/open',
  '/api/signin/code',
];
/** Writes anyone may send without a token: a registration, an email sign-in link asked for (throttled apart). */
export const OPEN_WRITE_ROUTES = ['POST /api/players', 'POST /api/signin/email'];
/** …and these on the Passkey function (api/passkey-routes.ts). */
export const PASSKEY_ROUTES = ['/api/passkeys/options', '/api/passkeys', '/api/signin/passkey/options', '/api/signin/passkey'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const WS_STAGE = 'prod';

/**
 * Alarm datapoints are a minute long, and an alarm fires when ALARM_DATAPOINTS of the last
 * ALARM_WINDOW are bad: a single bad minute at volume (a burst of retries, one throttled second)
 * does not page anyone, a problem that lasts does within minutes. A dead letter is never normal:
 * one datapoint raises it.
 */
export const ALARM_PERIOD = Duration.minutes(1);
export const ALARM_WINDOW = 5;
export const ALARM_DATAPOINTS = 3;
/** A function's errors (or throttles) as a share of its invocations that raises its alarm, percent. */
export const FAILING_PERCENT = 1;
/** How far behind the table's stream the notifier may fall before someone should look. */
export const ITERATOR_AGE_ALARM = Duration.minutes(15);
/**
 * How old a stream record may grow while its reader retries it (the mappings retry until then,
 * not a number of times). An outage of a reader — a bad deploy, a dependency down — is waited
 * out in order and costs nothing (the iterator-age alarm pages 15 minutes in): six hours is a
 * working session to roll back or fix it. A record that fails for good holds up the later
 * records of its lane at most that long, then goes to its reader's bucket with its batch. And
 * a lane held up that long still has 18 of the stream's 24 hours to catch up before DynamoDB
 * trims records it has not read, which reach no destination at all.
 */
export const STREAM_MAX_RECORD_AGE = Duration.hours(6);
/** How long a batch given up on stays in its reader's bucket for `npm run redrive` (then it expires). */
export const FAILED_BATCH_RETENTION = Duration.days(30);
/**
 * How often the clock sweep runs: the granularity of time-outs, reminders and quiet-hour
 * releases, so a due item waits less than a minute (EventBridge's shortest rate). An idle run
 * costs its range queries: 16 clock, 16 digest and 16 held-notification shards a minute, about
 * 35,000 read units a day (≈ $0.01) at any scale.
 */
export const SWEEP_RATE = Duration.minutes(1);
/**
 * The sweep runs as this many invocations at once, each over its own part of the shards
 * (core/sweep-part.ts) with the whole time budget: a minute's due work is spread over them, and
 * no two read the same shard. At most CLOCK_SHARDS.
 */
export const SWEEP_PARTS = 4;
/**
 * What the VAPID secret is created with. Deliberately constant (never derived from context): a
 * change of GenerateSecretString makes CloudFormation generate a new value, which would wipe the
 * keys the operator put in. The `subject` here is a placeholder the operator replaces with theirs.
 */
export const VAPID_SECRET_TEMPLATE = { subject: 'mailto:admin@example.com' };
/** Where `npm run build:web` (scripts/build-web.ts) puts the web client; infra/app.ts rebuilds it before every synth. */
export const WEB_DIR = path.join(root, 'dist', 'web');
/**
 * Cache-Control of the web client's files whose names stay (index.html, sw.js, config.json):
 * they must never be stale, so browsers revalidate them on every load (max-age=0,
 * must-revalidate: a 304 while nothing changed) and only CloudFront keeps them, for a day
 * (s-maxage); each deploy invalidates CloudFront's copies ('/*'), so a new client is served as
 * soon as the deploy finishes.
 */
export const WEB_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=86400';
/** Cache-Control CloudFront gives the content-hashed app files (HASHED_FILES): a new build has new names. */
export const WEB_HASHED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/**
 * Cache-Control CloudFront gives sw.js: browsers check a service worker for an update at every
 * page load, from the HTTP cache when it was registered with `updateViaCache: 'all'` (as the client
 * does) and the copy is fresh; a day is also the longest a browser keeps it without asking. A new
 * service worker reaches browsers within a day of a deploy.
 */
export const WEB_WORKER_CACHE_CONTROL = 'public, max-age=86400';

/** Where index.html carries the client's config (web/src/app.ts loadConfig): a JSON data block, which no CSP blocks as it never runs. */
export const INLINE_CONFIG_ID = 'caravela-config';

/** `html` with `json` (the deploy's config.json) inline before </head>. */
export function withInlineConfig(html: string, json: string): string {
  return html.replace('</head>', `<script type="application/json" id="${INLINE_CONFIG_ID}">${json}</script>\n  </head>`);
}

/** The web client's Content-Security-Policy: only its own files, and connections to its two APIs. */
export function contentSecurityPolicy(httpOrigin: string, wsOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${httpOrigin} ${wsOrigin}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Deployment settings, read from CDK context (`-c key=value`, or cdk.json's "context"); all optional.
 * See infra/app.ts for how to pass them.
 */
export interface CaravelaConfig {
  /**
   * Where the web client is served; links in notifications point there (PUBLIC_URL). Defaults
   * to the stack's own CloudFront distribution (the WebUrl output); set it when players reach
   * the client by another name (a custom domain in front).
   */
  publicUrl?: string;
  /** Sender of e-mail notifications via SES, `games@example.com` or `Caravela <games@example.com>`. */
  emailFrom?: string;
  /** Comma-separated URL prefixes webhooks may point to; replaces the Discord/Slack default. */
  webhookAllow?: string;
  /**
   * The WebSocket API's @connections endpoint as the functions must call it, when the API is
   * reached by another name (a custom domain: `https://ws.example.com`); default the stage's own
   * callback URL.
   */
  connectionsEndpoint?: string;
  /** An address that receives every alarm (an SNS email subscription; it must confirm once). */
  alarmEmail?: string;
  /**
   * Concurrent executions reserved for the message function (default
   * PRODUCTION.messageReservedConcurrency); 0 reserves none — for an account whose concurrency
   * quota is too small to set any aside (a new account's may be 10).
   */
  messageConcurrency?: number;
}

/** The deployment settings' names, as `-c name=value` gives them (scripts/deploy.ts keeps them between deploys). */
export const SETTING_KEYS = [
  'publicUrl',
  'emailFrom',
  'webhookAllow',
  'connectionsEndpoint',
  'alarmEmail',
  'messageConcurrency',
] as const satisfies readonly (keyof CaravelaConfig)[];

/** The address of an EMAIL_FROM value, with or without a display name, or null when there is none. */
export function emailAddressOf(from: string): { address: string; domain: string } | null {
  const m = /^(?:[^<>]*<\s*([^<>\s]+)\s*>|\s*([^<>\s]+)\s*)$/.exec(from);
  const address = m?.[1] ?? m?.[2];
  const at = address?.lastIndexOf('@') ?? -1;
  if (!address || at < 1 || at === address.length - 1) return null;
  const domain = address.slice(at + 1).toLowerCase();
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain) ? { address: `${address.slice(0, at)}@${domain}`, domain } : null;
}

/** Reads and checks the context settings; a malformed one fails synthesis rather than the first delivery. */
export function readConfig(scope: Construct): CaravelaConfig {
  const get = (key: string): string | undefined => {
    const value: unknown = scope.node.tryGetContext(key);
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value !== 'string') throw new Error(`CDK context ${key} must be a string, got ${JSON.stringify(value)}`);
    return value.trim();
  };
  const isHttpUrl = (value: string): boolean => {
    try {
      return ['https:', 'http:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  };
  const config: CaravelaConfig = {};
  const publicUrl = get('publicUrl');
  if (publicUrl !== undefined) {
    if (!isHttpUrl(publicUrl)) throw new Error(`CDK context publicUrl must be an http(s) URL, got ${JSON.stringify(publicUrl)}`);
    config.publicUrl = publicUrl;
  }
  const emailFrom = get('emailFrom');
  if (emailFrom !== undefined) {
    if (!emailAddressOf(emailFrom))
      throw new Error(`CDK context emailFrom must be an e-mail address like games@example.com, got ${JSON.stringify(emailFrom)}`);
    config.emailFrom = emailFrom;
  }
  const webhookAllow = get('webhookAllow');
  if (webhookAllow !== undefined) {
    const prefixes = webhookAllow
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const bad = prefixes.filter((p) => !isHttpUrl(p));
    if (prefixes.length === 0 || bad.length)
      throw new Error(`CDK context webhookAllow must be comma-separated http(s) URL prefixes, got ${JSON.stringify(webhookAllow)}`);
    config.webhookAllow = prefixes.join(',');
  }
  const alarmEmail = get('alarmEmail');
  if (alarmEmail !== undefined) {
    if (!emailAddressOf(alarmEmail)) throw new Error(`CDK context alarmEmail must be an e-mail address, got ${JSON.stringify(alarmEmail)}`);
    config.alarmEmail = alarmEmail;
  }
  const messageConcurrency = get('messageConcurrency');
  if (messageConcurrency !== undefined) {
    if (!/^\d{1,5}$/.test(messageConcurrency))
      throw new Error(
        `CDK context messageConcurrency must be a whole number (0: none reserved), got ${JSON.stringify(messageConcurrency)}`,
      );
    config.messageConcurrency = Number(messageConcurrency);
  }
  const connectionsEndpoint = get('connectionsEndpoint');
  if (connectionsEndpoint !== undefined) {
    if (!isHttpUrl(connectionsEndpoint))
      throw new Error(`CDK context connectionsEndpoint must be an http(s) URL, got ${JSON.stringify(connectionsEndpoint)}`);
    config.connectionsEndpoint = connectionsEndpoint.replace(/\/$/, '');
  }
  return config;
}

export interface CaravelaFunctions {
  http: NodejsFunction;
  connect: NodejsFunction;
  disconnect: NodejsFunction;
  message: NodejsFunction;
  /** The table stream's consumer: "your turn" and other notifications for offline players. */
  notify: NodejsFunction;
  /** The scheduled clock sweep: time-outs, reminders, held notifications, email digests. */
  sweep: NodejsFunction;
  /**
   * The table stream's second (and last: a shard allows two readers at once) consumer: the
   * automatic moves (bots, absent seats), sized for the search, and the ratings of each finished game.
   */
  bots: NodejsFunction;
  /** SES bounces and complaints (through SNS): addresses that stop receiving mail. */
  sesEvents: NodejsFunction;
  /** The passkey routes of the HTTP API (its own bundle: the WebAuthn library is most of one). */
  passkey: NodejsFunction;
}

export interface CaravelaStackProps extends StackProps {
  /**
   * The built web client to deploy (a folder with index.html, app-HASH.js, app-HASH.css, sw.js):
   * `npm run build:web`'s dist/web unless given (tests pass a fixture).
   */
  webAssetPath?: string;
}

interface FnOptions {
  timeout?: Duration;
  /** Retries of an asynchronous invocation (schedules); Lambda's default is 2. */
  retryAttempts?: number;
  /** Concurrent executions set aside for this function (and its cap); none when absent or 0. */
  reservedConcurrency?: number;
  /** MB (512 unless given); CPU comes in proportion, a whole vCPU at 1,769. */
  memorySize?: number;
}

export class CaravelaStack extends Stack {
  readonly config: CaravelaConfig;
  readonly table: Table;
  readonly tokenSecret: Secret;
  readonly vapidSecret: Secret;
  readonly webSocketApi: WebSocketApi;
  readonly webSocketStage: WebSocketStage;
  readonly httpApi: HttpApi;
  readonly functions: CaravelaFunctions;
  /** Stream batches the notifier gave up on, each an object with its records (`npm run redrive` plays them back). */
  readonly notifyFailedBatches: Bucket;
  /**
   * Stream batches the Bots function gave up on, the same way: automatic moves (the sweep
   * re-drives those games meanwhile) and ratings (the sweep asks for those again).
   */
  readonly botsFailedBatches: Bucket;
  /** SES sends through this configuration set; its event destination reports bounces and complaints to `emailEvents`. */
  readonly emailConfigurationSet: ConfigurationSet;
  readonly emailEvents: Topic;
  /** Every alarm goes here (alarm and back to OK). */
  readonly alarmTopic: Topic;
  readonly sweepSchedule: Rule;
  /** The web client's files (private: only CloudFront reads them). */
  readonly webBucket: Bucket;
  readonly distribution: Distribution;
  /** The security headers, Content-Security-Policy included, of everything CloudFront serves. */
  readonly webHeaders: ResponseHeadersPolicy;
  readonly webHashedHeaders: ResponseHeadersPolicy;
  readonly webWorkerHeaders: ResponseHeadersPolicy;
  /** Uploads the web client and its config.json, then invalidates CloudFront. */
  readonly webDeployment: BucketDeployment;
  /** https://{distribution domain}: where the web client is served. */
  readonly webUrl: string;

  constructor(scope: Construct, id: string, props: CaravelaStackProps = {}) {
    const { webAssetPath = WEB_DIR, ...stackProps } = props;
    super(scope, id, stackProps);
    const config = (this.config = readConfig(this));
    if (!existsSync(path.join(webAssetPath, 'index.html'))) {
      throw new Error(`No web client at ${webAssetPath} (index.html missing): run npm run build:web first (infra/app.ts does)`);
    }

    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      // NEW_IMAGE feeds the notifier ("your turn" pushes) from committed events.
      stream: StreamViewType.NEW_IMAGE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Connection and subscription records expire by themselves if $disconnect never ran.
      timeToLiveAttribute: TABLE.ttlAttribute,
      // Events are the source of truth: never drop them with the stack.
      removalPolicy: RemovalPolicy.RETAIN,
      // RETAIN keeps it when the stack goes; this keeps it from a mistaken delete-table call too.
      deletionProtection: true,
    });

    // HMAC keys of player tokens. Generated by Secrets Manager so it never appears in the
    // template or in code (a plain string: the key k0); the operator rotates it into a key set
    // (scripts/rotate-key.ts, functions/core/key-set.ts), which keeps the keys of tokens still
    // alive. Retained like the table: replacing it would sign every player out.
    this.tokenSecret = new Secret(this, 'TokenSecret', {
      description: 'Caravela: HMAC-SHA256 key that signs player tokens',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Web Push (VAPID) keys: JSON {"publicKey","privateKey","subject"}. CloudFormation cannot make
    // P-256 keys, and a private key must never sit in the template, so the secret starts out with
    // no keys (only the placeholder subject and an unused random string) and the operator puts
    // them in once after the first deploy:
    //   npx web-push generate-vapid-keys --json        # {"publicKey":"…","privateKey":"…"}
    //   aws secretsmanager put-secret-value --secret-id <VapidSecretArn output> \
    //     --secret-string '{"publicKey":"…","privateKey":"…","subject":"mailto:you@example.com"}'
    // Until then the handlers find no keys and simply leave Web Push off (GET /api/push-key and
    // getNotifications answer a null key). Each container remembers what it read (keys or none,
    // functions/adapters/vapid.ts), so after putting the keys in, only new containers use them:
    // a deploy that changes the functions, or Lambda's own recycling, brings them. Retained like
    // the token secret, because browsers' subscriptions are bound to the public key: a new key
    // pair silently orphans every one of them.
    this.vapidSecret = new Secret(this, 'VapidKeys', {
      description:
        'Caravela: Web Push VAPID keys as {"publicKey","privateKey","subject"}; put them in after the first deploy (see infra/stack.ts)',
      generateSecretString: {
        secretStringTemplate: JSON.stringify(VAPID_SECRET_TEMPLATE),
        generateStringKey: 'unused',
        passwordLength: 16,
        excludePunctuation: true,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const secretEnv = { SECRET_ARN: this.tokenSecret.secretArn };
    const vapidEnv = { VAPID_SECRET_ARN: this.vapidSecret.secretArn };
    // The message handler checks webhook URLs against the same list the notifier sends to, so
    // a player is refused at setNotifications rather than silently never notified.
    const webhookEnv: Record<string, string> = config.webhookAllow ? { WEBHOOK_ALLOW: config.webhookAllow } : {};
    // PUBLIC_URL is added once the distribution exists (below), unless the context names it.
    // SES sends through a configuration set whose event destination reports bounces and
    // complaints to a topic; the sesEvents function marks those addresses in players' settings.
    this.emailConfigurationSet = new ConfigurationSet(this, 'EmailConfigurationSet', {});
    const mailEnv: Record<string, string> = config.emailFrom
      ? { EMAIL_FROM: config.emailFrom, SES_CONFIGURATION_SET: this.emailConfigurationSet.configurationSetName }
      : {};
    const notifyEnv: Record<string, string> = {
      ...vapidEnv,
      ...mailEnv,
      ...webhookEnv,
    };

    // It takes asks for email sign-in links (EMAIL_FROM says whether mail is sent at all); the notifier mails them.
    const http = this.fn('Http', 'functions/lambda/http.ts', { ...secretEnv, ...vapidEnv, ...mailEnv });
    const passkey = this.fn('Passkey', 'functions/lambda/passkey.ts', secretEnv);
    const connect = this.fn('Connect', 'functions/lambda/connect.ts', secretEnv);
    const disconnect = this.fn('Disconnect', 'functions/lambda/disconnect.ts');
    // setNotifications mails a new address its confirmation link, signed with the token secret.
    const message = this.fn(
      'Message',
      'functions/lambda/message.ts',
      { ...secretEnv, ...vapidEnv, ...webhookEnv, ...mailEnv },
      { reservedConcurrency: config.messageConcurrency ?? PRODUCTION.messageReservedConcurrency },
    );
    // A batch of 25 commits may mean a few dozen pushes, webhooks and e-mails (10 s time-out each).
    // Delivery markers make a timed-out batch's retry skip what was already sent.
    // It also answers asks for email sign-in links: the links are signed with the token secret.
    const notify = this.fn('Notify', 'functions/lambda/stream.ts', { ...notifyEnv, ...secretEnv }, { timeout: Duration.seconds(60) });
    // Scheduled: a failed sweep is simply done again by the next one a minute later, so
    // Lambda's own retries (which could overlap that next run) are off. CONNECTIONS_ENDPOINT is
    // added once the WebSocket stage exists (below).
    const sweep = this.fn('Sweep', 'functions/lambda/sweep.ts', notifyEnv, { timeout: Duration.seconds(60), retryAttempts: 0 });
    // The automatic moves, off the request path: a whole vCPU for the Strong bots' searches; and
    // the ratings (the rating library is in its bundle, not the notifier's).
    const bots = this.fn('Bots', 'functions/lambda/bots.ts', {}, { timeout: Duration.seconds(60), memorySize: PRODUCTION.botsMemoryMB });
    const sesEvents = this.fn('SesEvents', 'functions/lambda/ses-events.ts');
    this.functions = { http, connect, disconnect, message, notify, sweep, bots, sesEvents, passkey };

    // Least privilege, matching what each handler actually calls (functions/adapters/store/*.ts):
    // registration and $connect only put items (a connection is two); $disconnect reads the
    // connection (for its player and subscriptions), deletes its items, then queries the games it
    // watched (record and subscribers) to tell their other watchers who is online (presence
    // frames through @connections, below); the replay route
    // reads a game's snapshot and commits (queries), the email confirmation route gets a
    // player's settings and puts them back (conditionally); the message handler, the notifier (reads
    // connections and settings, writes delivery markers and held notifications, updates
    // settings) and the sweep (commits time-outs, reschedules clocks, releases held
    // notifications, compacts finished games: an archive put, then deletes one by one) read,
    // write, update, delete and query.
    // Signing in also replaces a device's refresh secret and uses up codes (conditional update, delete).
    this.table.grant(http, 'dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem');
    // Passkeys: the player's passkeys and devices (query, put, update), challenges used up (delete).
    this.table.grant(passkey, 'dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem');
    // The player's live connections are a map in their profile item, claimed and released with
    // conditional updates (the limit on connections per player holds across instances).
    this.table.grant(connect, 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:GetItem');
    this.table.grant(disconnect, 'dynamodb:GetItem', 'dynamodb:DeleteItem', 'dynamodb:Query', 'dynamodb:UpdateItem');
    // The rest read and write single items and query partitions; none scans or batches. (The
    // Bots function's ratings read the marker and the ratings, then write one TransactWriteItems,
    // authorized as the puts and deletes it holds.) sesEvents reads and puts back settings.
    for (const f of [message, notify, sweep, bots])
      this.table.grant(f, 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:Query');
    this.table.grant(sesEvents, 'dynamodb:GetItem', 'dynamodb:PutItem');
    this.tokenSecret.grantRead(http);
    this.tokenSecret.grantRead(connect);
    this.tokenSecret.grantRead(message); // it signs email confirmation links, and the cursors of the lobby and the leaderboards
    this.tokenSecret.grantRead(passkey);
    this.tokenSecret.grantRead(notify); // it signs email sign-in links
    // GET /api/push-key and getNotifications hand out the public key; the notifier and the
    // sweep sign pushes with the private one.
    for (const f of [http, message, notify, sweep]) this.vapidSecret.grantRead(f);
    if (config.emailFrom) {
      // The message handler sends confirmation links, the notifier and the sweep notifications.
      // SESv2 SendEmail is authorized as ses:SendEmail on the sending identity: the verified
      // domain of EMAIL_FROM, or the address itself when only that was verified. (In the SES
      // sandbox mail only goes to verified recipients, whose identities IAM then checks too:
      // request production access before real players sign up for e-mail.)
      const { address, domain } = emailAddressOf(config.emailFrom)!;
      // With a configuration set, SendEmail is authorized on the set too.
      const identities = [
        ...[domain, address].map((name) => this.formatArn({ service: 'ses', resource: 'identity', resourceName: name })),
        this.formatArn({ service: 'ses', resource: 'configuration-set', resourceName: this.emailConfigurationSet.configurationSetName }),
      ];
      // The notifier also mails email sign-in links (the HTTP function only notes the ask).
      for (const f of [message, notify, sweep])
        f.addToRolePolicy(new PolicyStatement({ actions: ['ses:SendEmail'], resources: identities }));
    }

    // --- The table's stream: two readers ------------------------------------------------------
    // "More than 2 processes are reading from the same streams shard at the same time. Exceeding
    // this limit may result in request throttling" (the DynamoDB Streams API's
    // LimitExceededException): a throttled read is retried later, and every reader's records
    // wait. So two mappings, the notifier's and the Bots function's, and the ratings are a filter
    // of the Bots function's mapping, not a reader of their own (test/infra/stack.unit.test.ts
    // counts the mappings; the cloud simulator's stream refuses a third reader).

    // --- Notifier: the stream's first reader --------------------------------------------------
    // Only new commits, chat messages and asks for sign-in links concern players (the kinds
    // handlers/stream.ts reacts to); everything else written to the table
    // (connections, snapshots, markers, settings) never even invokes the function. Several
    // batches of one shard at once; records of one game (one partition key) stay in order.
    // No batching window: the lobby's changes are coalesced per batch (host/lobby-feed.ts), but
    // a 2 s window delayed every push by 2 s in the simulator and coalesced nothing more at its
    // scales (docs/production.md, finding 2); under load the batches fill by themselves.
    const notifyReader = this.streamReader(
      notify,
      'NotifyFailedBatches',
      [{ kind: { S: FilterRule.or('commit', 'chatMessage', 'signInAsk') } }],
      PRODUCTION.streamParallelization,
    );
    this.notifyFailedBatches = notifyReader.failedBatches;

    // --- Bots: the stream's second reader -----------------------------------------------------
    // Two filters, either invoking it (handlers/bots.ts hands each record to the part it is for):
    // commits whose head names an automatic seat to act (`automatic`, a number; null otherwise):
    // a bot's move is never computed in a player's request (handlers/automatic-moves.ts); and the
    // commit that finishes a game, or the sweep's ask to rate a finished game whose commit was
    // never rated (the kinds handlers/ratings.ts rates from).
    const botsReader = this.streamReader(
      bots,
      'BotsFailedBatches',
      [
        { kind: { S: FilterRule.isEqual('commit') }, automatic: { N: FilterRule.exists() } },
        { kind: { S: FilterRule.or('commit', 'rateAsk') }, status: { S: FilterRule.isEqual('finished') } },
      ],
      PRODUCTION.botsParallelization,
      PRODUCTION.botsBatchSize,
    );
    this.botsFailedBatches = botsReader.failedBatches;

    // --- SES events: bounces and complaints stop mail to an address ---------------------------
    this.emailEvents = new Topic(this, 'EmailEvents', { displayName: 'Caravela SES bounces and complaints', enforceSSL: true });
    new ConfigurationSetEventDestination(this, 'EmailEventDestination', {
      configurationSet: this.emailConfigurationSet,
      destination: EventDestination.snsTopic(this.emailEvents),
      events: [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT],
    });
    this.emailEvents.addSubscription(new LambdaSubscription(sesEvents));

    // --- WebSocket API: the realtime channel -----------------------------------------------
    const messages = new WebSocketLambdaIntegration('Message', message);
    this.webSocketApi = new WebSocketApi(this, 'WebSocketApi', {
      apiName: `${this.stackName}-ws`,
      description: 'Caravela realtime channel (docs/protocol.md); connect with ?token=',
      routeSelectionExpression: '$request.body.action',
      connectRouteOptions: { integration: new WebSocketLambdaIntegration('Connect', connect) },
      disconnectRouteOptions: { integration: new WebSocketLambdaIntegration('Disconnect', disconnect) },
      // Unknown actions reach the message handler too, which answers BAD_REQUEST itself.
      defaultRouteOptions: { integration: messages },
    });
    // Each protocol action is its own route, so API Gateway meters them apart.
    for (const action of ACTIONS) this.webSocketApi.addRoute(action, { integration: messages });

    this.webSocketStage = new WebSocketStage(this, 'WebSocketStage', {
      webSocketApi: this.webSocketApi,
      stageName: WS_STAGE,
      autoDeploy: true,
      // Sized for 1,000,000 games a month with headroom (docs/production.md): caps the cost and
      // blast radius of a runaway client, far below the account's 10,000 requests a second.
      throttle: PRODUCTION.webSocketThrottle,
    });
    // The message handler answers and broadcasts through @connections of this stage only; the
    // sweep broadcasts the states that time-outs (and the bots standing in) produce; $disconnect
    // sends presence to the watchers of the games the connection left; the stream's reactions
    // send the states of the bot moves they play.
    this.webSocketStage.grantManagementApiAccess(message);
    this.webSocketStage.grantManagementApiAccess(sweep);
    this.webSocketStage.grantManagementApiAccess(disconnect);
    // The notifier's reactions send lobby frames; the Bots function sends the states of the moves it plays.
    this.webSocketStage.grantManagementApiAccess(notify);
    this.webSocketStage.grantManagementApiAccess(bots);
    // A replayed refresh token signs its device out, and its sockets are closed.
    this.webSocketStage.grantManagementApiAccess(http);
    // Every function that sends takes the endpoint from configuration (the sweep and the stream
    // have no request to derive it from, and behind a custom domain the request's own
    // domainName/stage is not the API's): https://{api}.execute-api.{region}.{suffix}/prod by default.
    const connectionsEndpoint = config.connectionsEndpoint ?? this.webSocketStage.callbackUrl;
    for (const fn of [message, disconnect, notify, sweep, http, bots]) fn.addEnvironment('CONNECTIONS_ENDPOINT', connectionsEndpoint);

    // --- Clock sweep --------------------------------------------------------------------------
    // One target per part: each minute, SWEEP_PARTS sweeps side by side, each over its own shards.
    this.sweepSchedule = new Rule(this, 'SweepSchedule', {
      description: 'Caravela: apply clock time-outs, send reminders, release held notifications, send digests',
      schedule: Schedule.rate(SWEEP_RATE),
      targets: Array.from(
        { length: SWEEP_PARTS },
        (_, part) => new LambdaFunction(sweep, { event: RuleTargetInput.fromObject({ part, of: SWEEP_PARTS } satisfies SweepPart) }),
      ),
    });

    // --- HTTP API: health, player registration, push key, replays ---------------------------
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `${this.stackName}-http`,
      description: 'Caravela HTTP routes: GET /healthz, POST /api/players, GET /api/push-key, GET /api/games/{gameId}/replay',
      // Browsers on any origin may register players; tokens (an Authorization header for
      // replays), not cookies, carry identity, so a permissive CORS policy exposes nothing.
      // It cannot name the CloudFront origin anyway: the distribution's security headers name
      // this API (connect-src), so the API naming the distribution would be a dependency cycle
      // CloudFormation refuses.
      corsPreflight: {
        allowOrigins: ['*'],
        allowMethods: [CorsHttpMethod.GET, CorsHttpMethod.POST],
        allowHeaders: ['content-type', 'authorization'],
        maxAge: Duration.days(1),
      },
      // Our own $default stage below, so that it can carry throttling.
      createDefaultStage: false,
    });
    const httpStage = new HttpStage(this, 'HttpStage', {
      httpApi: this.httpApi,
      autoDeploy: true,
      throttle: PRODUCTION.httpThrottle,
    });
    const httpIntegration = new HttpLambdaIntegration('Http', http);
    this.httpApi.addRoutes({ path: '/healthz', methods: [HttpMethod.GET], integration: httpIntegration });
    this.httpApi.addRoutes({ path: '/api/players', methods: [HttpMethod.POST], integration: httpIntegration });
    this.httpApi.addRoutes({ path: '/api/push-key', methods: [HttpMethod.GET], integration: httpIntegration });
    this.httpApi.addRoutes({ path: '/api/email/confirm', methods: [HttpMethod.POST], integration: httpIntegration });
    this.httpApi.addRoutes({ path: '/api/games/{gameId}/replay', methods: [HttpMethod.GET], integration: httpIntegration });
    // Signing in (accounts): sessions, email links and device codes on the Http function, passkeys on their own.
    for (const route of SESSION_ROUTES) this.httpApi.addRoutes({ path: route, methods: [HttpMethod.POST], integration: httpIntegration });
    const passkeyIntegration = new HttpLambdaIntegration('Passkey', passkey);
    for (const route of PASSKEY_ROUTES)
      this.httpApi.addRoutes({ path: route, methods: [HttpMethod.POST], integration: passkeyIntegration });
    // The unauthenticated writes each get a throttle of their own, below the stage's (the route must exist first).
    // RouteSettings is plain JSON to CDK: CloudFormation's own property names.
    const httpStageCfn = httpStage.node.defaultChild as CfnStage;
    httpStageCfn.routeSettings = Object.fromEntries(
      OPEN_WRITE_ROUTES.map((route) => [
        route,
        { ThrottlingRateLimit: PRODUCTION.openRouteThrottle.rateLimit, ThrottlingBurstLimit: PRODUCTION.openRouteThrottle.burstLimit },
      ]),
    );
    for (const route of this.httpApi.node.children.filter((c) => c instanceof HttpRoute)) httpStage.node.addDependency(route);
    // The $default stage is served at the API's endpoint itself: https://{api}.execute-api.{region}.{suffix}
    const httpUrl = this.httpApi.apiEndpoint;

    // --- Web client: static files in S3 behind CloudFront ------------------------------------
    this.webBucket = new Bucket(this, 'WebBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      // S3-managed keys: CloudFront's origin access control reads them without a key policy.
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Only built files live here (every deploy replaces them), but a bucket with objects cannot
      // be deleted by CloudFormation: keep it rather than fail the stack's deletion.
      removalPolicy: RemovalPolicy.RETAIN,
      autoDeleteObjects: false,
    });
    const securityHeadersBehavior = {
      contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(httpUrl, this.webSocketApi.apiEndpoint), override: true },
      strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: false, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
    };
    this.webHeaders = new ResponseHeadersPolicy(this, 'WebHeaders', {
      comment: 'Caravela web client: security headers and Content-Security-Policy',
      securityHeadersBehavior,
    });
    // The app files named by their content's hash (scripts/build-web.ts) never change under their
    // name: browsers keep them for a year without asking again (a revalidation is a billed request).
    this.webHashedHeaders = new ResponseHeadersPolicy(this, 'WebHashedHeaders', {
      comment: 'Caravela web client, content-hashed files: the same headers, cached for good',
      securityHeadersBehavior,
      customHeadersBehavior: { customHeaders: [{ header: 'Cache-Control', value: WEB_HASHED_CACHE_CONTROL, override: true }] },
    });
    this.webWorkerHeaders = new ResponseHeadersPolicy(this, 'WebWorkerHeaders', {
      comment: 'Caravela web client, service worker: the same headers, fresh for a day',
      securityHeadersBehavior,
      customHeadersBehavior: { customHeaders: [{ header: 'Cache-Control', value: WEB_WORKER_CACHE_CONTROL, override: true }] },
    });
    const webOrigin = S3BucketOrigin.withOriginAccessControl(this.webBucket);
    const behavior = (responseHeadersPolicy: ResponseHeadersPolicy) => ({
      origin: webOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      compress: true,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy,
    });
    this.distribution = new Distribution(this, 'WebDistribution', {
      comment: `${this.stackName} web client`,
      defaultRootObject: 'index.html',
      // Origin access control: CloudFront signs its requests; the bucket stays private.
      defaultBehavior: behavior(this.webHeaders),
      additionalBehaviors: { [HASHED_FILES]: behavior(this.webHashedHeaders), 'sw.js': behavior(this.webWorkerHeaders) },
      // The client routes with the hash (/#/game/…): no error-page rewriting needed.
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
    });
    this.webUrl = `https://${this.distribution.distributionDomainName}`;
    const webConfig = { httpUrl, wsUrl: this.webSocketStage.url, publicUrl: config.publicUrl ?? this.webUrl };
    this.webDeployment = new BucketDeployment(this, 'WebDeployment', {
      destinationBucket: this.webBucket,
      sources: [
        Source.asset(webAssetPath, { exclude: ['index.html'] }),
        // Where the client finds the APIs (web/src/app.ts loadConfig), filled in at deploy time.
        Source.jsonData('config.json', webConfig),
        // … and the same inline in index.html, which the client reads first: a visit need not ask for config.json.
        Source.data(
          'index.html',
          withInlineConfig(readFileSync(path.join(webAssetPath, 'index.html'), 'utf8'), this.toJsonString(webConfig)),
        ),
      ],
      // Files of an older client that the new one no longer has are removed (prune, the default).
      cacheControl: [CacheControl.fromString(WEB_CACHE_CONTROL)],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      outputObjectKeys: false,
      memoryLimit: 256,
      logGroup: new LogGroup(this, 'WebDeploymentLogs', { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
    });
    // Links in notifications and confirmation emails lead to the client: the context's
    // publicUrl, else this distribution.
    // Sign-in links (http) and passkeys' relying party (passkey) need it too.
    for (const f of [message, notify, sweep, http, passkey]) f.addEnvironment('PUBLIC_URL', config.publicUrl ?? this.webUrl);

    // --- Access logs ------------------------------------------------------------------------
    // One JSON line per request on each stage. API Gateway writes a WebSocket stage's logs with
    // the account's CloudWatch role (one per account and region: this sets it).
    const accessFormat = JSON.stringify({
      requestId: '$context.requestId',
      ip: '$context.identity.sourceIp',
      routeKey: '$context.routeKey',
      status: '$context.status',
      connectionId: '$context.connectionId',
      eventType: '$context.eventType',
      integrationLatency: '$context.integrationLatency',
      error: '$context.error.message',
      integrationError: '$context.integrationErrorMessage',
    });
    const apiGatewayLogs = new Role(this, 'ApiGatewayLogsRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs')],
    });
    const account = new CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: apiGatewayLogs.roleArn });
    for (const [id, stage] of [
      ['WebSocket', this.webSocketStage],
      ['Http', httpStage],
    ] as const) {
      const logs = new LogGroup(this, `${id}AccessLogs`, { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY });
      const cfn = stage.node.defaultChild as CfnStage;
      cfn.accessLogSettings = { destinationArn: logs.logGroupArn, format: accessFormat };
      cfn.node.addDependency(account);
    }

    // --- Alarms -----------------------------------------------------------------------------
    this.alarmTopic = new Topic(this, 'Alarms', { displayName: 'Caravela alarms', enforceSSL: true });
    if (config.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(config.alarmEmail));
    // Handlers catch protocol errors and answer them, so a Lambda error is always a bug or an
    // outage; throttles mean concurrency ran out. Each as a share of the function's calls, so a
    // busy function is judged as a quiet one is.
    const share = (label: string, part: Metric, calls: Metric, ofBoth = false) =>
      new MathExpression({
        label,
        expression: ofBoth ? 'IF(calls + part > 0, 100 * part / (calls + part), 0)' : 'IF(calls > 0, 100 * part / calls, 0)',
        usingMetrics: { part, calls },
        period: part.period,
      });
    for (const [name, f] of Object.entries({
      Http: http,
      Connect: connect,
      Disconnect: disconnect,
      Message: message,
      Notify: notify,
      Sweep: sweep,
      Bots: bots,
      SesEvents: sesEvents,
      Passkey: passkey,
    })) {
      const sum = { period: ALARM_PERIOD, statistic: 'Sum' };
      const invocations = f.metricInvocations(sum);
      const throttles = f.metricThrottles(sum);
      this.alarm(
        `${name}Errors`,
        `${name} function threw on ${FAILING_PERCENT}% of its calls or more`,
        share('Errors %', f.metricErrors(sum), invocations),
        FAILING_PERCENT,
      );
      // Throttled calls are not counted as invocations: the share is of both.
      this.alarm(
        `${name}Throttles`,
        `${name} function was throttled on ${FAILING_PERCENT}% of its calls or more`,
        share('Throttles %', throttles, invocations, true),
        FAILING_PERCENT,
      );
    }
    // On-demand tables still throttle (sudden spikes, hot partitions); the ops are those the
    // handlers issue. One metric-math alarm sums them.
    this.alarm(
      'TableThrottles',
      'DynamoDB throttled requests on the Caravela table',
      this.table.metricThrottledRequestsForOperations({
        operations: [
          Operation.GET_ITEM,
          Operation.PUT_ITEM,
          Operation.UPDATE_ITEM,
          Operation.DELETE_ITEM,
          Operation.QUERY,
          Operation.BATCH_WRITE_ITEM,
          Operation.TRANSACT_WRITE_ITEMS,
        ],
        period: ALARM_PERIOD,
      }),
    );

    // The notifier reports failing records instead of throwing, so its Errors alarm stays quiet
    // while it retries: the age of the oldest unprocessed record shows it stuck or falling behind…
    this.alarm(
      'NotifyIteratorAge',
      `The notifier is more than ${ITERATOR_AGE_ALARM.toMinutes()} minutes behind the table stream`,
      notify.metric('IteratorAge', { period: ALARM_PERIOD, statistic: 'Maximum' }),
      ITERATOR_AGE_ALARM.toMilliseconds(),
    );
    // … and records given up on (kept in its bucket) mean notifications wait for a redrive.
    this.failedBatchAlarms('Notify', 'notifier', notify, notifyReader.source);

    // The Bots function the same way: behind (bots' moves and ratings wait), or giving up (the
    // sweep re-drives the moves, and asks for the ratings again).
    this.alarm(
      'BotsIteratorAge',
      `The Bots function is more than ${ITERATOR_AGE_ALARM.toMinutes()} minutes behind the table stream`,
      bots.metric('IteratorAge', { period: ALARM_PERIOD, statistic: 'Maximum' }),
      ITERATOR_AGE_ALARM.toMilliseconds(),
    );
    this.failedBatchAlarms('Bots', 'Bots function', bots, botsReader.source);

    // What the functions report in embedded metric format (functions/observe/): a request
    // answered INTERNAL (the function still returns 200, so Errors stays quiet), a stream
    // reaction or a send that failed, races lost and retried, and a sweep that runs late.
    // Powertools publishes each metric with the dimension service=caravela: the alarm must name it to see the data.
    const custom = (name: string, statistic: string) =>
      new Metric({
        namespace: METRIC_NAMESPACE,
        metricName: name,
        period: ALARM_PERIOD,
        statistic,
        dimensionsMap: { service: 'caravela' },
      });
    this.alarm(
      'InternalErrors',
      'A request was answered INTERNAL (an unexpected error; see the logs)',
      custom(METRICS.internalErrors, 'Sum'),
    );
    this.alarm('ReactorFailures', 'A reaction to a stored commit failed (the stream retries it)', custom(METRICS.reactorFailures, 'Sum'));
    this.alarm('SendFailures', 'Frames or notifications could not be sent (2 a minute or more)', custom(METRICS.sendFailures, 'Sum'), 2);
    this.alarm(
      'Retries',
      'Many writes lost a race and were decided again (hot games, or clients repeating themselves; 20 a minute or more)',
      custom(METRICS.retries, 'Sum'),
      20,
    );
    // Reported once a sweep (every SWEEP_RATE): one late run is worth a look.
    this.alarm(
      'SweepLag',
      'The sweep handled a due clock more than 2 minutes late',
      custom(METRICS.sweepLagSeconds, 'Maximum'),
      120,
      'at once',
    );
    // Reported by the sweep (every SWEEP_RATE) when a finished game went unrated for an hour: the
    // Bots function's ratings lost their records (see its failed batches), never normal.
    this.alarm(
      'RatingsAsked',
      "The sweep found a finished game never rated and asked the Bots function's ratings again",
      custom(METRICS.ratingsAsked, 'Sum'),
      1,
      'at once',
    );
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.alarmTopic.topicArn,
      description: 'Every alarm is published here; subscribe to it (or deploy with -c alarmEmail=…)',
    });

    this.acknowledgeChecks(notify);

    new CfnOutput(this, 'WebSocketUrl', { value: this.webSocketStage.url, description: 'Connect with ?token=' });
    new CfnOutput(this, 'HttpUrl', {
      value: httpStage.url,
      description:
        'GET /healthz, POST /api/players, the sign-in routes (docs/protocol.md), GET /api/push-key, GET /api/games/{gameId}/replay',
    });
    new CfnOutput(this, 'TableName', { value: this.table.tableName });
    new CfnOutput(this, 'WebUrl', { value: this.webUrl, description: 'The web client' });
    new CfnOutput(this, 'VapidSecretArn', {
      value: this.vapidSecret.secretArn,
      description: 'Put the Web Push keys here once (see infra/stack.ts)',
    });
    // What `npm run redrive` (scripts/redrive.ts) reads: the two buckets, and the notifier's own
    // environment to build the handlers with (the Bots function's is part of it), as its
    // function's Environment property renders ({"variables": {…}}), with the region. (A stack
    // before the ratings were the Bots function's had a third, RatingsFailedBatchesBucket: the
    // bucket is retained, redriven by that version: README, "Failed stream batches".)
    new CfnOutput(this, 'NotifyFailedBatchesBucket', {
      value: this.notifyFailedBatches.bucketName,
      description: 'Stream batches the notifier gave up on: npm run redrive plays them back',
    });
    new CfnOutput(this, 'BotsFailedBatchesBucket', {
      value: this.botsFailedBatches.bucketName,
      description: 'Stream batches the Bots function gave up on: npm run redrive plays them back',
    });
    new CfnOutput(this, 'RedriveEnvironment', {
      value: this.toJsonString({ region: this.region, environment: (notify.node.defaultChild as CfnFunction).environment }),
      description: "The notifier's environment, for npm run redrive",
    });
    new CfnOutput(this, 'TokenSecretArn', {
      value: this.tokenSecret.secretArn,
      description: 'The token key set: rotate it with npx tsx scripts/rotate-key.ts --secret-id <this ARN>',
    });
  }

  /**
   * A reader's records given up on: delivered to its bucket (kept whole: fix the cause, then
   * `npm run redrive`), or — worse — not even that (the write to the bucket failed: the records
   * are gone). Both are never normal: one datapoint raises either. The delivered count is the
   * mapping's own metric (its EventCount group, vended by Lambda at no charge), by mapping UUID.
   */
  private failedBatchAlarms(name: string, reader: string, fn: NodejsFunction, source: DynamoEventSource): void {
    this.alarm(
      `${name}FailedBatches`,
      `The ${reader} gave up on stream records: they are kept in its failed-batches bucket; fix the cause, then npm run redrive`,
      new Metric({
        namespace: 'AWS/Lambda',
        metricName: 'OnFailureDestinationDeliveredEventCount',
        dimensionsMap: { EventSourceMappingUUID: source.eventSourceMappingId },
        period: ALARM_PERIOD,
        statistic: 'Sum',
      }),
      1,
      'at once',
    );
    this.alarm(
      `${name}FailedBatchesLost`,
      `The ${reader} gave up on stream records and could not keep them in its bucket: they are lost`,
      fn.metric('DestinationDeliveryFailures', { period: ALARM_PERIOD, statistic: 'Sum' }),
      1,
      'at once',
    );
  }

  /** An alarm on `metric` ≥ `threshold`: in ALARM_DATAPOINTS of the last ALARM_WINDOW minutes (`sustained`), or in one (`at once`). */
  private alarm(id: string, description: string, metric: IMetric, threshold = 1, when: 'sustained' | 'at once' = 'sustained'): Alarm {
    const alarm = new Alarm(this, `${id}Alarm`, {
      alarmDescription: description,
      metric,
      threshold,
      evaluationPeriods: when === 'sustained' ? ALARM_WINDOW : 1,
      datapointsToAlarm: when === 'sustained' ? ALARM_DATAPOINTS : 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // No traffic is healthy, not unknown.
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.alarmTopic));
    alarm.addOkAction(new SnsAction(this.alarmTopic));
    return alarm;
  }

  /**
   * The AWS Solutions checks (cdk-nag) that do not apply here, each with the reason; everything
   * else they found was fixed (test/infra/nag.unit.test.ts runs them).
   */
  private acknowledgeChecks(notify: NodejsFunction): void {
    const ack = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });
    const managed = (name: string) => `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/${name}]`;
    ack(this, managed('AWSLambdaBasicExecutionRole'), 'It only lets a function write its own logs.');
    ack(this, managed('AmazonAPIGatewayPushToCloudWatchLogs'), "It only lets API Gateway write the stages' access logs.");
    ack(this, 'AwsSolutions-L1', 'Node.js 22 is the runtime the code is built and tested for (the LTS line); move with the tests.');
    ack(
      this.tokenSecret,
      'AwsSolutions-SMG4',
      'The token key set is rotated by the operator (scripts/rotate-key.ts), keeping the retired key while its tokens live; a rotation Lambda would replace the whole set and sign players out.',
    );
    ack(
      this.vapidSecret,
      'AwsSolutions-SMG4',
      'New VAPID keys would void every stored Web Push subscription; browsers would have to subscribe again.',
    );
    const api = this.getLogicalId(this.webSocketApi.node.defaultChild as CfnElement);
    const connections = `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:execute-api:<AWS::Region>:<AWS::AccountId>:<${api}>/${WS_STAGE}/*/@connections/*]`;
    for (const f of [
      this.functions.message,
      this.functions.disconnect,
      this.functions.notify,
      this.functions.sweep,
      this.functions.http,
      this.functions.bots,
    ]) {
      ack(f, connections, 'Posting to @connections of this one stage: connection ids are not known in advance.');
    }
    ack(
      notify,
      'AwsSolutions-IAM5[Resource::*]',
      'dynamodb:ListStreams has no resource-level permission (the event source mapping needs it).',
    );
    this.acknowledgeFailedBatches(notify, this.notifyFailedBatches);
    ack(
      this.functions.bots,
      'AwsSolutions-IAM5[Resource::*]',
      'dynamodb:ListStreams has no resource-level permission (the event source mapping needs it).',
    );
    this.acknowledgeFailedBatches(this.functions.bots, this.botsFailedBatches);
    ack(
      this.webSocketApi,
      'AwsSolutions-APIG4',
      "Players authenticate in $connect with an HMAC-signed token; every route then acts as the connection's player only.",
    );
    ack(
      this.httpApi,
      'AwsSolutions-APIG4',
      'Registration and signing in are open by design; replays, refreshes and adding passkeys check a signed token in the handler, sign-in links and codes are single-use secrets.',
    );
    ack(
      this.webBucket,
      'AwsSolutions-S1',
      'The bucket holds only the built web client, read by CloudFront alone; nothing about players is in it.',
    );
    ack(this.distribution, 'AwsSolutions-CFR1', 'A game open to players everywhere: no country is blocked.');
    ack(
      this.distribution,
      'AwsSolutions-CFR2',
      "Static files only; the APIs are throttled per stage. WAF would cost more than the client's whole traffic.",
    );
    ack(
      this.distribution,
      'AwsSolutions-CFR3',
      "Static files only; CloudFront's metrics cover them. Access logs would need another bucket for no player data.",
    );
    ack(
      this.distribution,
      'AwsSolutions-CFR4',
      'The default *.cloudfront.net certificate cannot set a minimum TLS version; a custom domain with its own certificate can.',
    );
    const bucket = this.getLogicalId(this.webBucket.node.defaultChild as CfnElement);
    const assets = 'arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*';
    for (const finding of [
      'Resource::*',
      'Action::s3:GetObject*',
      'Action::s3:GetBucket*',
      'Action::s3:List*',
      `Resource::${assets}`,
      'Action::s3:DeleteObject*',
      'Action::s3:Abort*',
      `Resource::<${bucket}.Arn>/*`,
    ]) {
      ack(
        this.webDeployment.handlerRole,
        `AwsSolutions-IAM5[${finding}]`,
        "CDK's BucketDeployment copies the client from the asset bucket to the web bucket: its own grants, on those two buckets.",
      );
    }
    ack(
      this.alarmTopic,
      'AwsSolutions-SNS2',
      'Alarm notifications carry no player data; CloudWatch cannot publish to a topic under the AWS-managed key.',
    );
    ack(
      this.emailEvents,
      'AwsSolutions-SNS2',
      'Bounce and complaint events name only an address and a player id; SES cannot publish to a topic under the AWS-managed key.',
    );
  }

  /** The checks that do not apply to a stream reader's failed-batches bucket, each with the reason. */
  private acknowledgeFailedBatches(fn: NodejsFunction, bucket: Bucket): void {
    const ack = (scope: IConstruct, id: string, reason: string) => Validations.of(scope).acknowledge({ id, reason });
    ack(
      bucket,
      'AwsSolutions-S1',
      'Only Lambda writes here (failed stream batches) and only the operator reads and deletes (npm run redrive); CloudTrail records both. Access logs would need another bucket.',
    );
    ack(
      fn,
      `AwsSolutions-IAM5[Resource::<${this.getLogicalId(bucket.node.defaultChild as CfnElement)}.Arn>/aws/lambda/*]`,
      'Lambda names each failed-batch object itself (aws/lambda/<mapping>/<shard>/<date>-<uuid>): the prefix is all that is known in advance.',
    );
  }

  /**
   * A reader of the table's stream: `fn` gets the inserted items whose new image matches any of
   * `newImages` (one filter each: Lambda ORs a mapping's filters, and invokes the function once
   * for a record however many match), with partial-batch failures, bisection, retries until
   * STREAM_MAX_RECORD_AGE, and the batches it gives up on kept whole in a bucket of their own
   * (returned with the mapping).
   */
  private streamReader(
    fn: NodejsFunction,
    failedBatchesId: string,
    newImages: readonly Record<string, unknown>[],
    parallelizationFactor?: number,
    batchSize = 25,
  ): { failedBatches: Bucket; source: DynamoEventSource } {
    // An S3 on-failure destination gets each batch given up on with its records ("payload"), where
    // a queue or topic would get its shard and sequence numbers only, whose records the stream
    // trims after 24 hours ("Retain discarded records for a DynamoDB event source in Lambda",
    // https://docs.aws.amazon.com/lambda/latest/dg/services-dynamodb-errors.html). Kept long
    // enough to fix a cause and redrive; the records are players' commits: private, encrypted,
    // SSL only, and kept when the stack goes (a bucket with objects cannot be deleted anyway).
    const failedBatches = new Bucket(this, failedBatchesId, {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      lifecycleRules: [{ expiration: FAILED_BATCH_RETENTION }],
      removalPolicy: RemovalPolicy.RETAIN,
      autoDeleteObjects: false,
    });
    const source = new DynamoEventSource(this.table, {
      // LATEST: the mapping starts at the stream's tip when it is created. TRIM_HORIZON would
      // first replay up to 24 h of old commits, i.e. a burst of stale "your turn" messages for
      // turns long played; missing the commits of the few seconds it takes to create the
      // mapping is the lesser harm. (The position only matters at creation; afterwards the
      // mapping keeps its own checkpoint.)
      startingPosition: StartingPosition.LATEST,
      batchSize,
      // The handler reports the first failing record and those after it, so retries resume
      // exactly there. When the function itself fails (a timeout: a batch whose bot moves or
      // deliveries run long; a crash), the batch is split in two instead, isolating the record
      // that makes it fail; a split spends no retry.
      bisectBatchOnError: true,
      reportBatchItemFailures: true,
      // Retried until the record is too old (STREAM_MAX_RECORD_AGE), however many times.
      retryAttempts: -1,
      maxRecordAge: STREAM_MAX_RECORD_AGE,
      ...(parallelizationFactor === undefined ? {} : { parallelizationFactor }),
      onFailure: new FailedBatchDestination(failedBatches),
      // OnFailureDestinationDeliveredEventCount, for the alarm on failed batches (failedBatchAlarms).
      metricsConfig: { metrics: [MetricType.EVENT_COUNT] },
      filters: newImages.map((newImage) =>
        FilterCriteria.filter({ eventName: FilterRule.isEqual('INSERT'), dynamodb: { NewImage: newImage } }),
      ),
    });
    fn.addEventSource(source);
    return { failedBatches, source };
  }

  private fn(id: string, entry: string, environment: Record<string, string> = {}, options: FnOptions = {}): NodejsFunction {
    return new NodejsFunction(this, id, {
      entry: path.join(root, entry),
      handler: 'handler',
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: options.memorySize ?? 512,
      timeout: options.timeout ?? Duration.seconds(10),
      ...(options.retryAttempts === undefined ? {} : { retryAttempts: options.retryAttempts }),
      ...(options.reservedConcurrency ? { reservedConcurrentExecutions: options.reservedConcurrency } : {}),
      environment: { TABLE_NAME: this.table.tableName, ...environment },
      // An explicit log group (logRetention is deprecated): a month of logs, gone with the stack.
      logGroup: new LogGroup(this, `${id}Logs`, { retention: RetentionDays.ONE_MONTH, removalPolicy: RemovalPolicy.DESTROY }),
      // Lambda's own START, END and REPORT lines (about 350 bytes an invocation, more than the
      // handler's one line per request) are INFO system logs: only WARN and above are kept.
      // Duration, errors and throttles remain metrics; the handlers' own lines are unchanged.
      loggingFormat: LoggingFormat.JSON,
      systemLogLevelV2: SystemLogLevel.WARN,
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        minify: true,
        sourceMap: false,
        forceDockerBundling: false,
        // The AWS SDK v3 the Node.js 22 runtime carries is used, not bundled: it is most of a
        // bundle's size (≈ 700 KB of 1.1 MB), and every cold start would load it again.
        bundleAwsSDK: false,
        // A package's ES module build before its CommonJS one: esbuild can shake what a function
        // does not use out of the first only (the passkey bundle: 526 → ≈ 390 KB).
        mainFields: ['module', 'main'],
        // Bundled CommonJS (the SDK) calls require() for Node built-ins; give ESM one.
        banner: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
      },
      depsLockFilePath: path.join(root, 'package-lock.json'),
      projectRoot: root,
    });
  }
}

/**
 * A bucket as a stream mapping's on-failure destination, granting the function's role only what
 * Lambda's docs ask for an S3 destination — s3:PutObject (under the prefix Lambda writes to) and
 * s3:ListBucket — where CDK's S3OnFailureDestination grants it read and delete too: the function
 * never reads its failed batches, the operator's redrive does.
 */
class FailedBatchDestination extends S3OnFailureDestination {
  constructor(private readonly failedBatches: IBucket) {
    super(failedBatches);
  }

  override bind(_mapping: IEventSourceMapping, fn: IFunction): DlqDestinationConfig {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [this.failedBatches.arnForObjects('aws/lambda/*')] }));
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:ListBucket'], resources: [this.failedBatches.bucketArn] }));
    return { destination: this.failedBatches.bucketArn };
  }
}
