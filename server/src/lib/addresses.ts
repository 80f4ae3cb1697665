import { isIP } from 'node:net';

/**
 * Which IP addresses a partner-given URL may reach (decision 0123). Pure: no DNS, no sockets; lib/outbound.ts
 * calls it for every address a host name resolves to and for the address a socket actually connected to.
 */

/** Why an address is refused: each a reason code of lib/outbound.ts. */
export type AddressClass =
  | 'public'
  | 'invalid'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'unique_local'
  | 'cgnat'
  | 'multicast'
  | 'reserved';

/** An address as a BigInt and its family (IPv4: 32 bits, IPv6: 128 bits); null when not an address. */
function parse(address: string): { family: 4 | 6; value: bigint } | null {
  // A zone (fe80::1%eth0) names an interface: the address part decides.
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const plain = bare.split('%')[0]!;
  const family = isIP(plain);
  if (family === 4) return { family: 4, value: v4Value(plain) };
  if (family !== 6) return null;
  let text = plain.toLowerCase();
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v = v4Value(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(v >> 16n).toString(16)}:${(v & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail === undefined ? [] : tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  let value = 0n;
  for (const g of groups) value = (value << 16n) | BigInt(parseInt(g, 16));
  return { family: 6, value };
}

function v4Value(text: string): bigint {
  return text.split('.').reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

type Range = [prefix: string, bits: number, cls: Exclude<AddressClass, 'public' | 'invalid'>];

function within(value: bigint, width: number, prefix: bigint, bits: number): boolean {
  const shift = BigInt(width - bits);
  return value >> shift === prefix >> shift;
}

/** IANA special-purpose IPv4 ranges that are not reachable public hosts. */
const V4: Range[] = [
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'cgnat'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link_local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'reserved'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'],
  ['198.51.100.0', 24, 'reserved'],
  ['203.0.113.0', 24, 'reserved'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

/** IPv6 ranges; those that embed an IPv4 address are classified by it (below). */
const V6: Range[] = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['64:ff9b:1::', 48, 'reserved'], // NAT64 for local use (RFC 8215): translates to whatever a local network chooses
  ['100::', 64, 'reserved'],
  ['2001::', 32, 'reserved'], // Teredo: a tunnel whose far end is an IPv4 address that cannot be judged from here
  ['2001:db8::', 32, 'reserved'],
  ['fc00::', 7, 'unique_local'],
  ['fe80::', 10, 'link_local'],
  ['fec0::', 10, 'reserved'],
  ['ff00::', 8, 'multicast'],
];

const V4_RANGES = V4.map(([p, bits, cls]) => ({ prefix: v4Value(p), bits, cls }));
const V6_RANGES = V6.map(([p, bits, cls]) => ({ prefix: parse(p)!.value, bits, cls }));

/** The IPv4 address an IPv6 address carries, if it is one of the forms that reach IPv4 hosts. */
function embeddedV4(value: bigint): bigint | null {
  const low32 = value & 0xffffffffn;
  if (value >> 32n === 0xffffn) return low32; // ::ffff:a.b.c.d (IPv4-mapped)
  if (value >> 32n === 0xffff0000n) return low32; // ::ffff:0:a.b.c.d (IPv4-translated)
  if (value >> 32n === 0n && value > 1n) return low32; // ::a.b.c.d (IPv4-compatible, deprecated)
  if (value >> 32n === 0x0064ff9b0000000000000000n) return low32; // 64:ff9b::a.b.c.d (NAT64)
  if (value >> 112n === 0x2002n) return (value >> 80n) & 0xffffffffn; // 2002:aabb:ccdd:: (6to4)
  return null;
}

function classifyV4(value: bigint): AddressClass {
  if (value === 0xffffffffn) return 'reserved'; // broadcast
  for (const r of V4_RANGES) if (within(value, 32, r.prefix, r.bits)) return r.cls;
  return 'public';
}

/** The class of an IP address: 'public' is the only one a partner-given URL may reach. */
export function classifyAddress(address: string): AddressClass {
  const parsed = parse(address);
  if (!parsed) return 'invalid';
  if (parsed.family === 4) return classifyV4(parsed.value);
  const v4 = embeddedV4(parsed.value);
  if (v4 !== null) return classifyV4(v4);
  for (const r of V6_RANGES) if (within(parsed.value, 128, r.prefix, r.bits)) return r.cls;
  return 'public';
}
