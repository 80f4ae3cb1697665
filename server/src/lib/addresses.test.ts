import { describe, expect, it } from 'vitest';
import { classifyAddress, type AddressClass } from './addresses.ts';

const table: Array<[string, AddressClass]> = [
  // public
  ['8.8.8.8', 'public'],
  ['93.184.216.34', 'public'],
  ['1.1.1.1', 'public'],
  ['172.15.255.255', 'public'],
  ['172.32.0.1', 'public'],
  ['100.63.255.255', 'public'],
  ['100.128.0.1', 'public'],
  ['2606:4700:4700::1111', 'public'],
  ['2001:4860:4860::8888', 'public'],
  ['::ffff:8.8.8.8', 'public'],
  ['2002:0808:0808::1', 'public'],
  // unspecified
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['::', 'unspecified'],
  ['::ffff:0.0.0.0', 'unspecified'],
  // loopback
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['::1', 'loopback'],
  ['0:0:0:0:0:0:0:1', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::127.0.0.1', 'loopback'],
  ['64:ff9b::127.0.0.1', 'loopback'],
  // NAT64 for local use and Teredo: where they lead cannot be judged, so they are refused
  ['64:ff9b:1::a00:1', 'reserved'],
  ['64:ff9b:1:ffff::1', 'reserved'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
  ['2001::1', 'reserved'],
  ['2002:7f00:0001::', 'loopback'],
  ['[::1]', 'loopback'],
  // private
  ['10.0.0.1', 'private'],
  ['10.255.255.255', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['::ffff:10.1.2.3', 'private'],
  ['::ffff:192.168.0.1', 'private'],
  // link-local (cloud metadata)
  ['169.254.169.254', 'link_local'],
  ['::ffff:169.254.169.254', 'link_local'],
  ['fe80::1', 'link_local'],
  ['fe80::1%eth0', 'link_local'],
  ['febf::1', 'link_local'],
  // unique-local
  ['fc00::1', 'unique_local'],
  ['fd12:3456:789a::1', 'unique_local'],
  // CGNAT
  ['100.64.0.1', 'cgnat'],
  ['100.127.255.255', 'cgnat'],
  ['::ffff:100.64.0.1', 'cgnat'],
  // multicast
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['ff02::1', 'multicast'],
  ['::ffff:224.0.0.1', 'multicast'],
  // reserved, documentation, benchmarking, broadcast
  ['255.255.255.255', 'reserved'],
  ['240.0.0.1', 'reserved'],
  ['192.0.2.1', 'reserved'],
  ['198.51.100.7', 'reserved'],
  ['203.0.113.9', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['192.0.0.8', 'reserved'],
  ['2001:db8::1', 'reserved'],
  ['100::1', 'reserved'],
  ['fec0::1', 'reserved'],
  // not addresses
  ['localhost', 'invalid'],
  ['example.com', 'invalid'],
  ['1.2.3', 'invalid'],
  ['', 'invalid'],
];

describe('classifyAddress', () => {
  it.each(table)('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});
