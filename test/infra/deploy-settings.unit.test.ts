/**
 * `npm run deploy` keeps the deployment settings given with `-c` in cdk.context.json, so a later
 * deploy that omits them does not remove them (an alarm email dropped by a forgetful deploy).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { saveSettings, settingsIn } from '../../scripts/deploy';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});
const contextFile = () => path.join((dir = mkdtempSync(path.join(tmpdir(), 'caravela-deploy-'))), 'cdk.context.json');

describe('the deploy command', () => {
  it('reads settings from -c, --context and --context=, and only the stack’s own', () => {
    expect(
      settingsIn(['-c', 'alarmEmail=ops@example.com', '--context', 'publicUrl=https://g.example.com', '--context=messageConcurrency=0']),
    ).toEqual([
      ['alarmEmail', 'ops@example.com'],
      ['publicUrl', 'https://g.example.com'],
      ['messageConcurrency', '0'],
    ]);
    // CDK's own context and other arguments are not deployment settings.
    expect(settingsIn(['--require-approval', 'never', '-c', '@aws-cdk/core:foo=true', '-c', 'alarmEmail'])).toEqual([]);
  });

  it('keeps a setting for the deploys that omit it, removes it on an empty value, and leaves CDK’s entries alone', () => {
    const file = contextFile();
    writeFileSync(file, JSON.stringify({ 'availability-zones:account=1:region=eu-west-1': ['eu-west-1a'] }));
    expect(saveSettings(['-c', 'alarmEmail=ops@example.com', '-c', 'emailFrom=games@example.com'], file)).toEqual({
      alarmEmail: 'ops@example.com',
      emailFrom: 'games@example.com',
    });
    // A later deploy without them: still there.
    expect(saveSettings(['--require-approval', 'never'], file)).toEqual({ alarmEmail: 'ops@example.com', emailFrom: 'games@example.com' });
    expect(saveSettings(['-c', 'alarmEmail='], file)).toEqual({ emailFrom: 'games@example.com' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      'availability-zones:account=1:region=eu-west-1': ['eu-west-1a'],
      emailFrom: 'games@example.com',
    });
  });

  it('starts the file when there is none', () => {
    const file = contextFile();
    expect(saveSettings([], file)).toEqual({});
    expect(saveSettings(['-c', 'messageConcurrency=0'], file)).toEqual({ messageConcurrency: '0' });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ messageConcurrency: '0' });
  });
});
