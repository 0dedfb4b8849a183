import { BlockList, isIP } from 'node:net'

/**
 * Which IP addresses the data API refuses to act on: every range IANA's special-purpose
 * registries (RFC 6890 and updates) mark as not globally reachable. A user of the hosted
 * platform could reach none of them, and they are where internal services live.
 */

const IPV4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", incl. the unspecified 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, incl. cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast 255.255.255.255
]

const IPV6: [string, number][] = [
  ['::', 96], // unspecified, loopback ::1 and the deprecated IPv4-compatible ::a.b.c.d
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
]

const forbidden = new BlockList()
for (const [network, prefix] of IPV4) forbidden.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of IPV6) forbidden.addSubnet(network, prefix, 'ipv6')

/**
 * True when `address` (an IP literal, IPv6 without brackets) is one the data API refuses, or is
 * not an IP at all. Node's BlockList checks an IPv4-mapped IPv6 address (::ffff:127.0.0.1)
 * against the IPv4 ranges too.
 */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 0) return true
  return forbidden.check(address, family === 4 ? 'ipv4' : 'ipv6')
}
