/** Create the table the CDK stack defines (same keys, stream, TTL) if it does not exist yet. */
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TABLE } from '../functions/adapters/store/table';
import { LOCAL_CREDENTIALS, startDynamo } from './dynamodb';

export async function ensureTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    return;
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await client.send(
    new CreateTableCommand({
      TableName: tableName,
      AttributeDefinitions: [
        { AttributeName: TABLE.partitionKey, AttributeType: 'S' },
        { AttributeName: TABLE.sortKey, AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
        { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
      ],
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_IMAGE' },
    }),
  );
  await client.send(
    new UpdateTimeToLiveCommand({ TableName: tableName, TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true } }),
  );
}

/** A DynamoDB Local of its own, in memory, with one such table and a document client on it (tests, benchmarks). */
export async function standaloneTable(
  tableName: string,
): Promise<{ doc: DynamoDBDocumentClient; endpoint: string; stop(): Promise<void> }> {
  const dynamo = await startDynamo(null);
  const client = new DynamoDBClient({ endpoint: dynamo.endpoint, region: 'local', credentials: LOCAL_CREDENTIALS });
  await ensureTable(client, tableName);
  const doc = DynamoDBDocumentClient.from(client);
  return {
    doc,
    endpoint: dynamo.endpoint,
    async stop() {
      doc.destroy();
      await dynamo.stop();
    },
  };
}
