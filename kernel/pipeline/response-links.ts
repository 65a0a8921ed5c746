/**
 * The envelope's `links` (DESIGN.md §2 phase 8): relation → URL from the response's `Link`
 * headers (RFC 8288), as Restish normalises them, so `-f links.next` names the next page.
 * Targets resolve against the URL that answered; when several links share a relation the first
 * one wins, as a follower takes only one. Unresolvable targets are left out, never fatal: the
 * header comes from a server.
 */
import { parseLinkHeader } from '../../sdk/shared/link-header.js';
import { setOwn } from '../transport/headers.js';

export function linksOf(linkHeaders: readonly string[] | undefined, responseUrl: string): Record<string, string> {
  const links: Record<string, string> = {};
  if (!linkHeaders || linkHeaders.length === 0) return links;
  for (const link of parseLinkHeader(linkHeaders)) {
    if (!URL.canParse(link.target, responseUrl)) continue;
    const target = new URL(link.target, responseUrl).href;
    for (const rel of link.rels) if (!Object.hasOwn(links, rel)) setOwn(links, rel, target);
  }
  return links;
}
