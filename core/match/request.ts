/**
 * The sample request the rule tester describes, and the values each match type looks at, derived once per
 * evaluation. Field names are the API's (snake_case): the reference server's evaluation endpoint takes this shape.
 */
import type { MatchType } from '../rules/waf.js';
import { parseBeijingTime } from '../rules/match-catalogue.js';

/** One request header. */
export interface SampleHeader {
  name: string;
  value: string;
}

/**
 * A request as the tester describes it. Optional fields left out are "not known": a condition that needs one
 * evaluates to unknown rather than to a guess.
 */
export interface SampleRequest {
  /** HTTP method, e.g. `GET`. */
  method: string;
  /** Path and query (`/login?next=/`), or a whole URL (`https://www.example.com/login`). */
  url: string;
  /** The requested domain; defaults to the Host header, then the URL's host. */
  host?: string;
  /** `http` or `https`; defaults to the URL's scheme. */
  protocol?: string;
  /** The edge port the request arrived on. */
  server_port?: number | null;
  /** Request headers, in order; names compare case-insensitively. */
  headers?: readonly SampleHeader[];
  /** The client address. */
  client_ip: string;
  /** A country code (`US`) or a province code (`CN-GD`) of the IP region tree. */
  region?: string;
  ja3?: string;
  ja3n?: string;
  ja4?: string;
  ja4h?: string;
  /** When the request arrives, `YYYY-MM-DD HH:mm` in Beijing time. */
  time?: string;
  /** One of the device types (`pc`, `mobile`, `tablet`, `other`). */
  device_type?: string;
  /** IP types the client address has (an empty list means none). */
  ip_types?: readonly string[];
  /** Verdicts IP behaviour analysis holds on the client (an empty list means none). */
  ip_behaviours?: readonly string[];
  /** Requests per second from the client IP. */
  ip_rate?: number | null;
  /** Requests per second from the client IP to this URL. */
  url_rate?: number | null;
  /** The origin's response status code (for the source status code condition). */
  status_code?: number | null;
}

/** Fields the tester may leave unknown, named in the outcome of a condition that needed one. */
export type SampleField =
  | 'region'
  | 'ja3'
  | 'ja3n'
  | 'ja4'
  | 'ja4h'
  | 'time'
  | 'device_type'
  | 'ip_types'
  | 'ip_behaviours'
  | 'ip_rate'
  | 'url_rate'
  | 'status_code'
  | 'server_port'
  | 'client_ip';

/** What a match type observed: the request's values (lower case for strings), or the field that was not given. */
export type Observed = { values: string[] } | { missing: SampleField };

/** The request, read once into the values the match types compare. */
export interface RequestView {
  readonly request: SampleRequest;
  /** The observed values of a match type; `name` selects the header or parameter. */
  observe(type: MatchType, name?: string | null): Observed;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function hostOf(url: string): string | null {
  const match = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url.trim());
  if (!match) return null;
  return stripPort(match[1]!.replace(/^[^@]*@/, ''));
}

function stripPort(host: string): string {
  const text = host.trim().toLowerCase();
  if (text.startsWith('[')) return text.slice(1, text.indexOf(']'));
  const colon = text.lastIndexOf(':');
  return colon > 0 && text.indexOf(':') === colon ? text.slice(0, colon) : text;
}

/** Splits a URL into path and query; the fragment is never sent, so it is dropped. */
function splitUrl(url: string): { path: string; query: string } {
  let rest = url.trim();
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(rest);
  if (scheme) rest = rest.slice(scheme[0].length);
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  const question = rest.indexOf('?');
  const path = question >= 0 ? rest.slice(0, question) : rest;
  return { path: path === '' ? '/' : path, query: question >= 0 ? rest.slice(question + 1) : '' };
}

/** The request's values by match type. */
export function viewRequest(request: SampleRequest): RequestView {
  const { path, query } = splitUrl(request.url);
  const decodedPath = decode(path).toLowerCase();
  const headers = new Map<string, string[]>();
  for (const header of request.headers ?? []) {
    const name = header.name.trim().toLowerCase();
    if (name === '') continue;
    headers.set(name, [...(headers.get(name) ?? []), header.value.trim().toLowerCase()]);
  }
  const params = new Map<string, string[]>();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = decode((equals >= 0 ? pair.slice(0, equals) : pair).replace(/\+/g, ' ')).toLowerCase();
    const value = decode((equals >= 0 ? pair.slice(equals + 1) : '').replace(/\+/g, ' ')).toLowerCase();
    params.set(name, [...(params.get(name) ?? []), value]);
  }
  const host = (request.host?.trim() ? stripPort(request.host) : null) ?? (headers.get('host')?.[0] ? stripPort(headers.get('host')![0]!) : null) ?? hostOf(request.url);
  const referer = headers.get('referer')?.[0];
  const lastSegment = decodedPath.slice(decodedPath.lastIndexOf('/') + 1);
  const dot = lastSegment.lastIndexOf('.');
  const protocol = (request.protocol?.trim() || /^(https?):\/\//i.exec(request.url.trim())?.[1] || 'http').toLowerCase();

  const known = (field: SampleField, value: string | number | null | undefined): Observed =>
    value === undefined || value === null || value === '' ? { missing: field } : { values: [String(value).trim().toLowerCase()] };
  const list = (field: SampleField, values: readonly string[] | undefined): Observed =>
    values === undefined ? { missing: field } : { values: values.map((value) => value.toLowerCase()) };

  return {
    request,
    observe(type, name) {
      switch (type) {
        case 'ip':
          return known('client_ip', request.client_ip);
        case 'url':
          return { values: [decodedPath] };
        case 'domain':
          return { values: host ? [host] : [] };
        case 'query-string':
          return { values: [decode(query).toLowerCase()] };
        case 'request-parameter':
          return { values: params.get((name ?? '').trim().toLowerCase()) ?? [] };
        case 'header':
          return { values: headers.get((name ?? '').trim().toLowerCase()) ?? [] };
        case 'method':
          return { values: [request.method.trim().toLowerCase()] };
        case 'suffix':
          return { values: dot > 0 ? [lastSegment.slice(dot + 1)] : [] };
        case 'referer-domain': {
          if (referer === undefined) return { values: [] };
          const refererHost = hostOf(referer);
          return { values: refererHost ? [refererHost] : [] };
        }
        case 'protocol':
          return { values: [protocol] };
        case 'server-port':
          return known('server_port', request.server_port ?? (protocol === 'https' ? 443 : 80));
        case 'region':
          return request.region ? { values: [request.region.trim().toUpperCase()] } : { missing: 'region' };
        case 'time': {
          const at = request.time ? parseBeijingTime(request.time) : null;
          return at === null ? { missing: 'time' } : { values: [String(at)] };
        }
        case 'device-type':
          return known('device_type', request.device_type);
        case 'ip-type':
          return list('ip_types', request.ip_types);
        case 'ip-behaviour':
          return list('ip_behaviours', request.ip_behaviours);
        case 'ja3':
        case 'ja3n':
        case 'ja4':
        case 'ja4h':
          return known(type, request[type]);
        case 'ip-rate':
          return known('ip_rate', request.ip_rate);
        case 'url-rate':
          return known('url_rate', request.url_rate);
        case 'status-code':
          return known('status_code', request.status_code);
        case 'condition-rule':
          // A reference observes nothing itself: the matcher evaluates the referenced rule's conditions instead.
          return { values: [] };
      }
    },
  };
}
