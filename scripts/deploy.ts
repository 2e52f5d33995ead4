/**
 * `npm run deploy`: `cdk deploy`, keeping the deployment settings (infra/stack.ts SETTING_KEYS)
 * given with `-c name=value` in cdk.json's neighbour cdk.context.json, which the CDK CLI reads on
 * every synth and deploy. A later deploy without them keeps them (before, it removed them: an
 * alarm email or a sender address dropped by a deploy that forgot to repeat it). `-c name=`
 * with nothing after the `=` removes a setting. Other context values pass through unsaved.
 *
 *   npm run deploy -- -c alarmEmail=ops@example.com    # saved in cdk.context.json
 *   npm run deploy                                     # the alarm email still set
 *   npm run deploy -- -c alarmEmail=                   # removed
 *
 * The stack's outputs are written to cdk-outputs.json, where `npm run redrive` finds its buckets.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SETTING_KEYS } from '../infra/stack';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The settings named by `-c name=value` / `--context name=value` / `--context=name=value` among `args`, in order. */
export function settingsIn(args: readonly string[]): [name: string, value: string][] {
  const found: [string, string][] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const pair =
      arg === '-c' || arg === '--context' ? args[++i] : arg.startsWith('--context=') ? arg.slice('--context='.length) : undefined;
    const at = pair?.indexOf('=') ?? -1;
    if (pair === undefined || at < 1) continue;
    const name = pair.slice(0, at);
    if ((SETTING_KEYS as readonly string[]).includes(name)) found.push([name, pair.slice(at + 1)]);
  }
  return found;
}

/**
 * Write the settings among `args` into the context file (other entries — CDK's cached lookups —
 * kept as they are; an empty value removes its setting); the settings it holds afterwards.
 */
export function saveSettings(args: readonly string[], file: string): Record<string, string> {
  const context = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  for (const [name, value] of settingsIn(args)) {
    if (value.trim() === '') delete context[name];
    else context[name] = value;
  }
  writeFileSync(`${file}.new`, `${JSON.stringify(context, null, 2)}\n`);
  renameSync(`${file}.new`, file);
  return Object.fromEntries(SETTING_KEYS.flatMap((k) => (typeof context[k] === 'string' ? [[k, context[k] as string]] : [])));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const kept = saveSettings(args, path.join(root, 'cdk.context.json'));
  const shown = Object.entries(kept).map(([k, v]) => `${k}=${v}`);
  console.log(shown.length ? `Deployment settings (cdk.context.json): ${shown.join(', ')}` : 'No deployment settings (cdk.context.json).');
  // The stack's outputs, kept for the scripts that act on the deployed stack (npm run redrive).
  const outputs = args.some((a) => a.startsWith('--outputs-file')) ? [] : ['--outputs-file', 'cdk-outputs.json'];
  const cdk = spawnSync('npx', ['cdk', 'deploy', '--no-notices', ...outputs, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1', CDK_DISABLE_CLI_TELEMETRY: 'true' },
  });
  process.exit(cdk.status ?? 1);
}
