// Where the server may post a push message (issue 27): only to the push services browsers use, so a
// subscription can never make the server connect elsewhere (its own network, a private range, any host
// or port an attacker names). Checked when a subscription is registered and again before every send,
// so a row stored before the check is never posted to either.
import { ECDH } from 'node:crypto';

/** Hosts of the push services, exactly (FCM for Chrome, Edge and Android; Mozilla for Firefox). */
const PUSH_HOSTS: readonly string[] = ['fcm.googleapis.com', 'updates.push.services.mozilla.com'];
/** Domains whose every host is a push service (Mozilla's regional hosts, Apple, Windows WNS). */
const PUSH_DOMAINS: readonly string[] = ['.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'];

export const MAX_ENDPOINT_LENGTH = 2048;

/** A DNS name of letters, digits and hyphens: never an IP literal (v6 is bracketed, v4 ends in digits). */
const DNS_NAME = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * Whether `endpoint` is a push service's: https, port 443, no user info, a host of the list, and written
 * in the canonical form browsers give (what `new URL` prints back), with nothing another URL parser
 * could read as another host (no `@`, backslash, space or control character).
 */
export function isPushServiceEndpoint(endpoint: string): boolean {
  if (endpoint.length > MAX_ENDPOINT_LENGTH || !/^https:\/\/[\x21-\x7e]+$/.test(endpoint) || /[@\\]/.test(endpoint)) return false;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.href !== endpoint || url.protocol !== 'https:' || url.username !== '' || url.password !== '' || url.port !== '' || url.hash !== '') return false;
  const host = url.hostname;
  if (!DNS_NAME.test(host)) return false;
  return PUSH_HOSTS.includes(host) || PUSH_DOMAINS.some((domain) => host.endsWith(domain) && host.length > domain.length);
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

function bytesOf(value: string): Buffer | null {
  return value.length <= 200 && BASE64URL.test(value) ? Buffer.from(value, 'base64url') : null;
}

/** A subscription's keys as a browser makes them: a P-256 public point (65 bytes, on the curve) and a 16-byte secret. */
export function arePushKeys(keys: { p256dh: string; auth: string }): boolean {
  const point = bytesOf(keys.p256dh);
  const secret = bytesOf(keys.auth);
  if (!point || point.length !== 65 || point[0] !== 4 || !secret || secret.length !== 16) return false;
  try {
    ECDH.convertKey(point, 'prime256v1', undefined, undefined, 'uncompressed');
    return true;
  } catch {
    return false;
  }
}
