/**
 * The CDK app (`npm run synth`, `npm run deploy`).
 *
 * It first rebuilds the web client into dist/web (scripts/build-web.ts, a second or two), so
 * every synth and deploy ships the client of the code at hand, never a stale or missing build;
 * the stack uploads it to S3 behind CloudFront (the WebUrl output) with a config.json naming
 * the two APIs.
 *
 * Optional settings, as CDK context values (`-c key=value` after `--`, or under "context" in
 * cdk.json); without them the stack deploys as is, with those features off:
 *
 *   publicUrl     where the web client is served; links in notifications point to
 *                 `{publicUrl}/#/game/{id}` (default: the stack's CloudFront URL, WebUrl; set
 *                 it when players use another name, e.g. a custom domain in front)
 *   emailFrom     sender address for e-mail notifications through Amazon SES, e.g.
 *                 games@example.com or "Caravela <games@example.com>"; its domain (or the address)
 *                 must be a verified SES identity in the deploy region. Without it, no e-mail and
 *                 no SES permission.
 *   webhookAllow  comma-separated URL prefixes that players' webhooks may point to; replaces the
 *                 default (Discord and Slack webhook URLs)
 *   connectionsEndpoint  the WebSocket API's @connections endpoint when players reach the API by
 *                 a custom domain (e.g. https://ws.example.com); default the stage's own URL
 *   alarmEmail    an address subscribed to every alarm
 *   messageConcurrency  concurrent executions reserved for the message function (default 100;
 *                 0 for an account whose quota cannot set any aside)
 *
 *   npm run deploy -- -c emailFrom=games@example.com -c publicUrl=https://games.example.com
 *   npm run synth -- -c webhookAllow=https://discord.com/api/webhooks/,https://chat.example.com/hooks/
 *
 * `npm run deploy` (scripts/deploy.ts) keeps the settings it is given in cdk.context.json, which
 * every later synth and deploy reads: a deploy without them keeps them; `-c name=` removes one.
 * Web Push keys are not a setting: put them in the VapidKeys secret once after the first deploy
 * (see stack.ts).
 */
import { App } from 'aws-cdk-lib';
import { buildWeb } from '../scripts/build-web';
import { CaravelaStack } from './stack';

const webAssetPath = await buildWeb();
const app = new App();
new CaravelaStack(app, process.env.CARAVELA_STACK ?? 'Caravela', {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  webAssetPath,
});
