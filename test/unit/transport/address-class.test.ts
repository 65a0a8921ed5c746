/** Address classes, for the rule that a public server may not lead okapi to a private address. */
import { describe, expect, it } from 'vitest';
import { classifyAddress } from '../../../kernel/transport/address-class.js';

describe('classifyAddress', () => {
  it.each([
    // IPv4
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.32.0.1', 'public'],
    ['172.15.255.255', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['100.128.0.1', 'public'],
    ['192.0.0.170', 'private'],
    ['198.18.0.1', 'private'],
    ['198.20.0.1', 'public'],
    ['169.254.169.254', 'link-local'],
    // IPv6
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fec0::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['2606:4700::1111', 'public'],
    // IPv4-mapped and IPv4-compatible
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:8.8.8.8', 'public'],
    ['::127.0.0.1', 'loopback'],
    // NAT64, well-known prefix: the embedded address decides
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b::808:808', 'public'],
    // NAT64, local-use prefix: wherever the local translator leads
    ['64:ff9b:1::808:808', 'private'],
    ['64:ff9b:1:abcd::1', 'private'],
    // 6to4: the embedded address decides
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:a9fe:a9fe::', 'link-local'],
    ['2002:808:808::1', 'public'],
    // Teredo: the client address, stored inverted
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'private'],
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'public'],
    // Not an address
    ['not-an-ip', 'public'],
  ])('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});
