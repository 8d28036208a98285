/**
 * Whether a recording download may go to `url`: its host is listed (`storage.vapi.ai` names that
 * host) or lies under a listed domain (`*.r2.cloudflarestorage.com`: any host under it, not the
 * domain itself). The scheme must be https, or http where the voice platform's own API is (a local
 * fake): a signed URL is a credential.
 */
export function isRecordingHost(url: URL, hosts: readonly string[], apiUrl: URL): boolean {
  if (url.protocol !== 'https:' && url.protocol !== apiUrl.protocol) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((listed) => (listed.startsWith('*.') ? host.endsWith(listed.slice(1)) : host === listed));
}
