// The key a per-address limit counts under: the client's address as Fastify decided it (trustProxy,
// app.ts), an IPv6 client by its /64 (one household or host gets a whole /64, so counting single
// addresses would give it billions of keys), as the sign-in's failure counting does (@fastify/rate-limit).
import { isIPv4, isIPv6 } from 'node:net';

function groupsOf(address: string): string[] | null {
  const [head = '', tail, ...more] = address.split('::');
  if (more.length > 0) return null;
  const part = (s: string) => (s === '' ? [] : s.split(':'));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
}

export function clientAddressKey(ip: string): string {
  const address = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(address) || !isIPv6(address)) return address;
  const groups = groupsOf(address.replace(/%.*$/, ''));
  if (!groups) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
