/**
 * `npm run redrive`: play back the stream batches the notifier and the Bots function (automatic
 * moves and ratings) gave up on (their records kept whole in each reader's S3 bucket,
 * infra/stack.ts) through the same handlers
 * the stream functions run, on the app built as a Lambda container builds it (functions/app/);
 * each object is deleted once all of its records succeeded. Prints a JSON summary per reader
 * (batches played back, their records, objects left and why); exits 1 while anything is left, 2
 * when the stack's outputs cannot be read.
 * Running it again when the buckets are empty does nothing; a record played twice changes nothing.
 *
 *   npm run redrive                                   # the stack's outputs in cdk-outputs.json (npm run deploy writes it)
 *   npm run redrive -- --outputs outputs.json         # or: aws cloudformation describe-stacks --stack-name Caravela > outputs.json
 *   npm run redrive -- --stack CaravelaStaging        # another stack of that file (default $CARAVELA_STACK or Caravela)
 *
 * With AWS credentials that may do what the notifier does (the table, its secrets, SES,
 * @connections) and read and delete in both buckets. The environment the handlers are built with
 * is the notifier's own, from the stack's RedriveEnvironment output.
 *
 * A stack deployed before the ratings were the Bots function's had a third reader, its bucket
 * the RatingsFailedBatchesBucket output: this version does not read it. Redrive it with the
 * version that deployed it, before upgrading (the bucket is retained: README, "Failed stream batches").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { S3Client } from '@aws-sdk/client-s3';
import { S3FailedBatchStore } from '../functions/adapters/failed-batches/s3';
import { READERS, redriveReaders, type ReaderName } from '../functions/api/redrive';
import { createApp } from '../functions/app/app';
import { configFromEnv } from '../functions/app/config';
import { randomIds } from '../functions/app/deps';
import { bots } from '../functions/handlers/bots';
import { stream } from '../functions/handlers/stream';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The stack's outputs that name each reader's bucket (infra/stack.ts), and the handlers' environment. */
export const BUCKET_OUTPUTS: Record<ReaderName, string> = {
  notify: 'NotifyFailedBatchesBucket',
  bots: 'BotsFailedBatchesBucket',
};
export const ENVIRONMENT_OUTPUT = 'RedriveEnvironment';

/**
 * A stack's outputs by key, from `cdk deploy --outputs-file` ({"Stack": {"Key": "value"}}) or
 * `aws cloudformation describe-stacks` ({"Stacks": [{"StackName", "Outputs": [{"OutputKey", "OutputValue"}]}]}).
 */
export function stackOutputs(json: unknown, stackName: string): Record<string, string> {
  const described = (json as { Stacks?: { StackName?: string; Outputs?: { OutputKey?: string; OutputValue?: string }[] }[] }).Stacks;
  const outputs = described
    ? Object.fromEntries(
        (described.find((s) => s.StackName === stackName)?.Outputs ?? []).map((o) => [o.OutputKey ?? '', o.OutputValue ?? '']),
      )
    : (json as Record<string, Record<string, string> | undefined>)[stackName];
  const missing = [...Object.values(BUCKET_OUTPUTS), ENVIRONMENT_OUTPUT].filter((key) => typeof outputs?.[key] !== 'string');
  if (!outputs || missing.length)
    throw new Error(
      `the outputs of stack ${stackName} lack ${missing.join(', ')}: deploy this version of the stack first (npm run deploy)`,
    );
  return outputs;
}

/** What the outputs say: each reader's bucket, and the environment its handler is built with. */
export function redriveSetup(outputs: Record<string, string>): { buckets: Record<ReaderName, string>; env: Record<string, string> } {
  // {"region", "environment": {"variables": {…}}}: the function's Environment property as the stack renders it.
  const { region, environment } = JSON.parse(outputs[ENVIRONMENT_OUTPUT]!) as {
    region: string;
    environment: { variables: Record<string, string> };
  };
  const env = { ...environment.variables, AWS_REGION: region };
  return {
    buckets: { notify: outputs[BUCKET_OUTPUTS.notify]!, bots: outputs[BUCKET_OUTPUTS.bots]! },
    env,
  };
}

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (!value || value.startsWith('--')) throw new Error(`${name} needs a value`);
  return value;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const file = option(args, '--outputs') ?? path.join(root, 'cdk-outputs.json');
  const stackName = option(args, '--stack') ?? process.env.CARAVELA_STACK ?? 'Caravela';
  const { buckets, env } = (() => {
    try {
      return redriveSetup(stackOutputs(JSON.parse(readFileSync(file, 'utf8')), stackName));
    } catch (error) {
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      console.error(
        missing
          ? `No stack outputs at ${file}: npm run deploy writes them there, or pass --outputs <file>.`
          : `Cannot read the stack's outputs in ${file}: ${(error as Error).message}`,
      );
      process.exit(2);
    }
  })();
  // The Lambda container's app, with the notifier's environment; the operator's own credentials.
  const config = configFromEnv({ ...env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN' });
  const app = createApp({ config, now: () => new Date(), ids: randomIds });
  const s3 = new S3Client({ region: config.region });
  const summary = await redriveReaders({
    notify: { store: new S3FailedBatchStore(s3, buckets.notify), handler: app.get(stream) },
    bots: { store: new S3FailedBatchStore(s3, buckets.bots), handler: app.get(bots) },
  });
  console.log(JSON.stringify(summary, null, 2));
  s3.destroy();
  process.exit(READERS.some((name) => summary[name].left > 0) ? 1 : 0);
}
