/**
 * Which IP addresses the server may connect to on behalf of a user: loopback, private, link-local,
 * CGNAT, multicast, reserved and documentation ranges are refused, IPv6 forms that embed an IPv4
 * address (mapped, NAT64, 6to4) are judged by that address, and only global unicast IPv6 passes.
 */

import net from 'node:net';

type Range = readonly [base: number, prefix: number, label: string];

const V4_BLOCKED: readonly Range[] = [
  [v4('255.255.255.255'), 32, 'broadcast'],
  [v4('0.0.0.0'), 8, '"this network"'],
  [v4('10.0.0.0'), 8, 'private'],
  [v4('100.64.0.0'), 10, 'carrier-grade NAT'],
  [v4('127.0.0.0'), 8, 'loopback'],
  [v4('169.254.0.0'), 16, 'link-local (cloud metadata)'],
  [v4('172.16.0.0'), 12, 'private'],
  [v4('192.0.0.0'), 24, 'reserved (IETF protocol assignments)'],
  [v4('192.0.2.0'), 24, 'reserved (documentation)'],
  [v4('192.88.99.0'), 24, 'reserved (6to4 relay)'],
  [v4('192.168.0.0'), 16, 'private'],
  [v4('198.18.0.0'), 15, 'benchmarking'],
  [v4('198.51.100.0'), 24, 'reserved (documentation)'],
  [v4('203.0.113.0'), 24, 'reserved (documentation)'],
  [v4('224.0.0.0'), 4, 'multicast'],
  [v4('240.0.0.0'), 4, 'reserved'],
];

function v4(text: string): number {
  return text.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

function v4Reason(value: number): string | null {
  for (const [base, prefix, label] of V4_BLOCKED) {
    const size = 2 ** (32 - prefix);
    if (value >= base && value < base + size) return label;
  }
  return null;
}

/** The 16 bytes of an IPv6 address (any textual form Node accepts, including a dotted IPv4 tail). */
function v6Bytes(text: string): Uint8Array | null {
  const address = text.split('%')[0] as string;
  if (!net.isIPv6(address)) return null;
  const bytes = new Uint8Array(16);
  let body = address;
  const tailStart = address.lastIndexOf(':') + 1;
  const tail = address.slice(tailStart);
  if (tail.includes('.')) {
    const value = v4(tail);
    bytes.set([value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255], 12);
    body = `${address.slice(0, tailStart)}0:0`;
  }
  const [left = '', right] = body.split('::');
  const head = left ? left.split(':') : [];
  const rest = right === undefined ? [] : right ? right.split(':') : [];
  const groups = right === undefined ? head : [...head, ...Array(8 - head.length - rest.length).fill('0'), ...rest];
  groups.forEach((group, i) => {
    if (i >= 6 && tail.includes('.')) return;
    const word = Number.parseInt(group, 16);
    bytes[i * 2] = word >>> 8;
    bytes[i * 2 + 1] = word & 255;
  });
  return bytes;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const byte = bit >>> 3;
    const mask = 0x80 >>> (bit & 7);
    if (((bytes[byte] as number) & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
}

function embeddedV4(bytes: Uint8Array, offset: number): number {
  return (
    (bytes[offset] as number) * 2 ** 24 +
    ((bytes[offset + 1] as number) << 16) +
    ((bytes[offset + 2] as number) << 8) +
    (bytes[offset + 3] as number)
  );
}

function v6Reason(bytes: Uint8Array): string | null {
  if (bytes.every((b) => b === 0)) return 'unspecified';
  if (bytes.subarray(0, 15).every((b) => b === 0) && bytes[15] === 1) return 'loopback';
  // Addresses that carry an IPv4 address inside are judged by that address.
  if (startsWith(bytes, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff], 96)) {
    const reason = v4Reason(embeddedV4(bytes, 12));
    return reason && `IPv4-mapped ${reason}`;
  }
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b], 96)) {
    const reason = v4Reason(embeddedV4(bytes, 12));
    return reason && `NAT64 ${reason}`;
  }
  if (startsWith(bytes, [0x20, 0x02], 16)) {
    const reason = v4Reason(embeddedV4(bytes, 2));
    return reason && `6to4 ${reason}`;
  }
  if (startsWith(bytes, [], 96)) return 'reserved (IPv4-compatible)';
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, 0, 1], 48)) return 'reserved (local NAT64)';
  if (startsWith(bytes, [0x01, 0x00], 64)) return 'reserved (discard)';
  if (startsWith(bytes, [0x20, 0x01, 0, 0], 32)) return 'reserved (Teredo)';
  if (startsWith(bytes, [0x20, 0x01, 0x0d, 0xb8], 32)) return 'reserved (documentation)';
  if (startsWith(bytes, [0x20, 0x01, 0, 0x02], 48)) return 'benchmarking';
  if (startsWith(bytes, [0xfc], 7)) return 'unique local';
  if (startsWith(bytes, [0xfe, 0x80], 10)) return 'link-local';
  if (startsWith(bytes, [0xfe, 0xc0], 10)) return 'site-local';
  if (startsWith(bytes, [0xff], 8)) return 'multicast';
  // Outside global unicast (2000::/3) nothing is routable on the internet.
  if (!startsWith(bytes, [0x20], 3)) return 'reserved';
  return null;
}

/**
 * Why an IP address must not be reached from the server (loopback, private, link-local, ...),
 * or null for a public address. Anything that is not a plain IP address is refused.
 */
export function blockedAddressReason(address: string): string | null {
  const plain = address.replace(/^\[(.*)\]$/, '$1');
  if (net.isIPv4(plain)) return v4Reason(v4(plain));
  const bytes = v6Bytes(plain);
  if (bytes) return v6Reason(bytes);
  return 'not an IP address';
}
