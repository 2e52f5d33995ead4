/**
 * AWS list prices the cost model uses, in ONE place: US East (N. Virginia), us-east-1, USD, on-demand,
 * no free tier, no Savings Plans, no negotiated discounts. Each price carries its unit, the page it
 * comes from, and a note saying how sure we are. Checked against stored copies of the pricing pages
 * and third-party transcriptions of them (the AWS pages render their tables with script, so some
 * numbers were confirmed from the page's own worked examples or from secondary sources, as noted).
 * Re-check https://aws.amazon.com/pricing/ before relying on a figure: prices change.
 */

/** A volume tier: `usd` per `per` units for usage up to `upTo` units a month (null: no limit). */
export interface Tier {
  upTo: number | null;
  usd: number;
}

export interface Price {
  /** USD for `per` units (first tier when tiered). */
  usd: number;
  /** How many units `usd` buys (1, 1_000, 1_000_000). */
  per: number;
  /** The unit, in words. */
  unit: string;
  region: 'us-east-1';
  source: string;
  /** Volume tiers a month, in units (not in `per`s), each with its USD per `per` units; omitted when flat. */
  tiers?: Tier[];
  note?: string;
}

const region = 'us-east-1' as const;

export const PRICES = {
  lambdaArmGbSecond: {
    usd: 0.0000133334,
    per: 1,
    unit: 'GB-second of Lambda duration on arm64 (memory GB × billed seconds, billed per 1 ms)',
    region,
    source: 'https://aws.amazon.com/lambda/pricing/',
    tiers: [
      { upTo: 7_500_000_000, usd: 0.0000133334 },
      { upTo: 18_750_000_000, usd: 0.0000120001 },
      { upTo: null, usd: 0.0000106667 },
    ],
    note:
      'Arm price, first 7.5 billion GB-s a month; then $0.0000120001 (next 11.25 billion) and $0.0000106667. ' +
      'Since 1 August 2025 the INIT phase (cold start) of ZIP functions on managed runtimes is billed as duration too ' +
      '(AWS Compute Blog, "AWS Lambda standardizes billing for INIT Phase").',
  },
  lambdaRequests: {
    usd: 0.2,
    per: 1_000_000,
    unit: 'Lambda requests (invocations), any architecture',
    region,
    source: 'https://aws.amazon.com/lambda/pricing/',
    note: 'A stream-triggered function counts one request per batch it is invoked with; filtered-out records invoke nothing.',
  },
  websocketMessages: {
    usd: 1.0,
    per: 1_000_000,
    unit: 'API Gateway WebSocket messages, sent or received, metered in 32 KB increments (a 33 KB message is 2)',
    region,
    source: 'https://aws.amazon.com/api-gateway/pricing/',
    tiers: [
      { upTo: 1_000_000_000, usd: 1.0 },
      { upTo: null, usd: 0.8 },
    ],
    note: '$1.00 per million for the first billion a month, $0.80 after. 32 KB taken as 32,768 bytes.',
  },
  websocketConnectionMinutes: {
    usd: 0.25,
    per: 1_000_000,
    unit: 'API Gateway WebSocket connection minutes',
    region,
    source: 'https://aws.amazon.com/api-gateway/pricing/',
  },
  httpApiRequests: {
    usd: 1.0,
    per: 1_000_000,
    unit: 'API Gateway HTTP API requests, metered in 512 KB increments',
    region,
    source: 'https://aws.amazon.com/api-gateway/pricing/',
    tiers: [
      { upTo: 300_000_000, usd: 1.0 },
      { upTo: null, usd: 0.9 },
    ],
    note: "$1.00 per million for the first 300 million a month, $0.90 after (the page's own worked examples).",
  },
  dynamoWriteRequestUnits: {
    usd: 0.625,
    per: 1_000_000,
    unit: 'DynamoDB on-demand write request units (1 KB of item per unit, Standard table class)',
    region,
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    note: 'After the 1 November 2024 on-demand price cut (50 %; was $1.25).',
  },
  dynamoReadRequestUnits: {
    usd: 0.125,
    per: 1_000_000,
    unit: 'DynamoDB on-demand read request units (4 KB per unit strongly consistent; half a unit eventually consistent)',
    region,
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    note: 'After the 1 November 2024 on-demand price cut (was $0.25).',
  },
  dynamoStorage: {
    usd: 0.25,
    per: 1,
    unit: 'DynamoDB data storage, GB-month (Standard table class; item bytes + 100 bytes per item)',
    region,
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    note: "First 25 GB a month free (ignored here). Value from AWS's page as commonly quoted; the stored copy searched did not show the figure.",
  },
  dynamoPitrStorage: {
    usd: 0.2,
    per: 1,
    unit: 'DynamoDB continuous backups (point-in-time recovery), GB-month of table size',
    region,
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    note: 'The stack enables PITR. Value as commonly quoted; not confirmed in the stored copy searched: check the page.',
  },
  dynamoStreamsReads: {
    usd: 0,
    per: 100_000,
    unit: 'DynamoDB Streams read request units (GetRecords calls) made by a Lambda trigger',
    region,
    source: 'https://aws.amazon.com/dynamodb/pricing/on-demand/',
    note:
      'Free: "You are not charged for GetRecords API calls invoked by AWS Lambda as part of DynamoDB triggers." ' +
      'Other consumers pay $0.02 per 100,000 after 2.5 million a month.',
  },
  sesEmails: {
    usd: 0.1,
    per: 1_000,
    unit: 'Amazon SES outbound emails (recipients), à la carte',
    region,
    source: 'https://aws.amazon.com/ses/pricing/',
    note:
      'Unsure: a third-party transcription of the AWS Price List (July 2026) reports new SES plans, with new accounts ' +
      'defaulting to "Essentials" at $0.16 per 1,000; à la carte ($0.10) stays the default for established senders.',
  },
  cloudwatchLogsIngestion: {
    usd: 0.5,
    per: 1,
    unit: 'CloudWatch Logs ingestion, GB (Standard class)',
    region,
    source: 'https://aws.amazon.com/cloudwatch/pricing/',
    note: 'Lambda logs are tiered since 1 May 2025; the first tier (up to 10 TB a month) is still $0.50/GB. Storage ($0.03/GB-month, 1-month retention here) ignored.',
  },
  dataTransferOut: {
    usd: 0.09,
    per: 1,
    unit: 'data transfer out to the internet, GB (frames to players, push payloads)',
    region,
    source: 'https://aws.amazon.com/ec2/pricing/on-demand/#Data_Transfer',
    tiers: [
      { upTo: 10_240, usd: 0.09 },
      { upTo: 51_200, usd: 0.085 },
      { upTo: 153_600, usd: 0.07 },
      { upTo: null, usd: 0.05 },
    ],
    note:
      'Unsure whether API Gateway bills WebSocket frames as data transfer: its page says WebSocket APIs are charged ' +
      'for messages and connection minutes, and "additional charges" for data transferred out of AWS at EC2 rates. ' +
      'Counted here to be safe; first 100 GB a month free (ignored).',
  },
  secretsManagerApiCalls: {
    usd: 0.05,
    per: 10_000,
    unit: 'Secrets Manager API calls (GetSecretValue at a cold start)',
    region,
    source: 'https://aws.amazon.com/secrets-manager/pricing/',
    note: 'Plus $0.40 per secret-month (2 secrets: fixed, not per game).',
  },
  cloudfrontHttpsRequests: {
    usd: 0.01,
    per: 10_000,
    unit: 'CloudFront HTTPS requests (United States, Mexico, Canada, Europe, Israel)',
    region,
    source: 'https://aws.amazon.com/cloudfront/pricing/',
    note:
      "Pay-as-you-go, $0.0100 per 10,000 HTTPS requests in the cheapest regions (PriceClass_100, the stack's); a 304 " +
      'answer to a revalidation is a request like any other. The flat-rate plans (2025) and the first 10 million requests ' +
      'a month free are ignored.',
  },
  cloudfrontDataTransferOut: {
    usd: 0.085,
    per: 1,
    unit: 'CloudFront data transfer out to the internet, GB (United States, Mexico, Canada)',
    region,
    source: 'https://aws.amazon.com/cloudfront/pricing/',
    tiers: [
      { upTo: 10_240, usd: 0.085 },
      { upTo: 51_200, usd: 0.08 },
      { upTo: 153_600, usd: 0.06 },
      { upTo: 512_000, usd: 0.04 },
      { upTo: null, usd: 0.03 },
    ],
    note: 'First 10 TB a month $0.085/GB, then $0.080, $0.060, $0.040, $0.030; the first 1 TB a month free is ignored. Transfer from S3 to CloudFront is free.',
  },
} satisfies Record<string, Price>;

export type Prices = { [K in keyof typeof PRICES]: Price };
