/**
 * Loopback stand-ins for the AWS services the functions call besides DynamoDB, speaking their
 * wire protocols so the functions' own SDK clients talk to them unchanged (the SDK reads
 * AWS_ENDPOINT_URL_SECRETS_MANAGER / AWS_ENDPOINT_URL_SESV2): Secrets Manager's
 * GetSecretValue (JSON 1.1) and SES v2's SendEmail (REST JSON).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The configuration set named (bounces and complaints are reported through it) and the message's tags. */
  configurationSet?: string;
  tags: Record<string, string>;
}

export interface AwsServices {
  url: string;
  secrets: Map<string, string>;
  mails: SentMail[];
  /** GetSecretValue calls answered (each a cold start's read, or a re-read after a failure). */
  secretReads: number;
  close(): Promise<void>;
}

export async function startAwsServices(): Promise<AwsServices> {
  const services: AwsServices = { url: '', secrets: new Map(), mails: [], secretReads: 0, close: async () => undefined };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, unknown>;
    const reply = (status: number, payload: unknown, type = 'application/x-amz-json-1.1') => {
      res.writeHead(status, { 'content-type': type });
      res.end(JSON.stringify(payload));
    };
    if (req.headers['x-amz-target'] === 'secretsmanager.GetSecretValue') {
      const value = services.secrets.get(body.SecretId as string);
      if (value === undefined) return reply(400, { __type: 'ResourceNotFoundException', message: `no secret ${String(body.SecretId)}` });
      services.secretReads++;
      return reply(200, { ARN: body.SecretId, Name: body.SecretId, SecretString: value, VersionId: 'v1' });
    }
    if (req.method === 'POST' && req.url === '/v2/email/outbound-emails') {
      const content = body.Content as { Simple: { Subject: { Data: string }; Body: { Text?: { Data: string } } } };
      services.mails.push({
        from: body.FromEmailAddress as string,
        to: (body.Destination as { ToAddresses: string[] }).ToAddresses,
        subject: content.Simple.Subject.Data,
        text: content.Simple.Body.Text?.Data ?? '',
        configurationSet: body.ConfigurationSetName as string | undefined,
        tags: Object.fromEntries(((body.EmailTags as { Name: string; Value: string }[] | undefined) ?? []).map((t) => [t.Name, t.Value])),
      });
      return reply(200, { MessageId: `mail-${services.mails.length}` }, 'application/json');
    }
    reply(400, { __type: 'UnknownOperationException', message: `${req.method} ${req.url} ${String(req.headers['x-amz-target'])}` });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  services.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  services.close = () => new Promise((r) => server.close(() => r()));
  return services;
}
