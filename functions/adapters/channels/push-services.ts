/** Which push services a subscription may point to (checked when a player saves it, and before each send). */

/**
 * Push services the browsers use (Chrome and Edge via FCM, Firefox, Safari, Windows). Only
 * these may be posted to, so a player cannot aim the server at an internal address.
 * PUSH_ALLOW (comma-separated origins, `*.` for subdomains) replaces the list, e.g. for a
 * loopback test service.
 */
export const PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://android.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
];

export function pushAllowList(env: string | undefined): string[] {
  return env === undefined
    ? PUSH_SERVICES
    : env
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
}

/** Null when the endpoint belongs to an allowed push service, else a sentence saying why not. */
export function checkPushEndpoint(endpoint: string, allow: string[]): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push subscription endpoint is not a URL.';
  }
  const allowed = allow.some((origin) => {
    const [scheme, host] = origin.split('://') as [string, string];
    if (`${scheme}:` !== url.protocol) return false;
    return host.startsWith('*.') ? url.host.endsWith(host.slice(1)) && url.host.length > host.length - 1 : url.host === host.toLowerCase();
  });
  return allowed ? null : `Push subscriptions must come from a browser push service (${allow.join(', ')}).`;
}
