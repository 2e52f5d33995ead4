/**
 * The field's own checks on the stack: cdk-nag's AWS Solutions pack finds nothing left — what
 * applied was fixed (least-privilege grants, table deletion protection, access logs on both API
 * stages, alarms with an action), and each check that does not apply is acknowledged in the
 * stack with its reason (CaravelaStack.acknowledgeChecks).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, describe, expect, it } from 'vitest';
import { CaravelaStack } from '../../infra/stack';

const webDir = mkdtempSync(path.join(tmpdir(), 'caravela-web-'));
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Caravela</title>');
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

function findings(context: Record<string, string>) {
  const app = new App({ context: { ...context, 'aws:cdk:bundling-stacks': [] } });
  const stack = new CaravelaStack(app, 'CaravelaNag', { webAssetPath: webDir });
  return new AwsSolutionsChecks(stack, { verbose: true })
    .validateScope(stack)
    .violations.map((v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath ?? r.resourceLogicalId).join(', ')}`);
}

describe('cdk-nag (AWS Solutions)', () => {
  it('finds nothing unexplained in the stack as deployed by default', () => {
    expect(findings({})).toEqual([]);
  });

  it('finds nothing unexplained with every optional setting (SES sending, alarm email, custom endpoints)', () => {
    expect(
      findings({
        emailFrom: 'games@example.com',
        alarmEmail: 'ops@example.com',
        publicUrl: 'https://games.example.com',
        connectionsEndpoint: 'https://ws.example.com',
      }),
    ).toEqual([]);
  });
});
