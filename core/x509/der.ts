/**
 * A small DER writer (ITU-T X.690) for the few structures the console assembles itself: wrapping a PKCS#1 or SEC1
 * private key into PKCS#8 so WebCrypto can import it, and the reference server's demo certificates, which it must
 * build synchronously (its seed runs inside a database transaction, where WebCrypto's promises cannot be awaited).
 * Reading certificates is left to pkijs. Pure: Uint8Array only, so the browser and Node share it.
 */

/** Bytes backed by a plain ArrayBuffer, which WebCrypto and pkijs accept as a BufferSource. */
export type Bytes = Uint8Array<ArrayBuffer>;

/** Concatenates byte arrays. */
export function concatBytes(...parts: readonly Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function lengthBytes(length: number): Bytes {
  if (length < 0x80) return Uint8Array.of(length);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return Uint8Array.from([0x80 | bytes.length, ...bytes]);
}

/** One tag-length-value. */
export function tlv(tag: number, content: Uint8Array): Bytes {
  return concatBytes(Uint8Array.of(tag), lengthBytes(content.length), content);
}

/** SEQUENCE of already encoded elements. */
export const sequence = (...items: readonly Uint8Array[]): Bytes => tlv(0x30, concatBytes(...items));
/** SET of already encoded elements (callers pass them in DER order; the console only writes single-element sets). */
export const set = (...items: readonly Uint8Array[]): Bytes => tlv(0x31, concatBytes(...items));
/** NULL. */
export const nullValue = (): Bytes => Uint8Array.of(0x05, 0x00);
/** BOOLEAN. */
export const boolean = (value: boolean): Bytes => Uint8Array.of(0x01, 0x01, value ? 0xff : 0x00);
/** OCTET STRING. */
export const octetString = (bytes: Uint8Array): Bytes => tlv(0x04, bytes);
/** BIT STRING without unused bits. */
export const bitString = (bytes: Uint8Array): Bytes => tlv(0x03, concatBytes(Uint8Array.of(0), bytes));
/** UTF8String. */
export const utf8String = (text: string): Bytes => tlv(0x0c, new TextEncoder().encode(text));
/** `[n]` EXPLICIT: a constructed context-specific wrapper. */
export const explicit = (tagNumber: number, content: Uint8Array): Bytes => tlv(0xa0 | tagNumber, content);
/** `[n]` IMPLICIT of a primitive value (e.g. a dNSName of GeneralName). */
export const implicitPrimitive = (tagNumber: number, bytes: Uint8Array): Bytes => tlv(0x80 | tagNumber, bytes);

/** INTEGER from unsigned big-endian bytes (a leading zero is added when the high bit is set). */
export function unsignedInteger(bytes: Uint8Array): Bytes {
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const trimmed = bytes.subarray(start);
  return tlv(0x02, trimmed[0]! & 0x80 ? concatBytes(Uint8Array.of(0), trimmed) : trimmed);
}

/** INTEGER from a small non-negative number. */
export function smallInteger(value: number): Bytes {
  const bytes: number[] = [];
  for (let rest = value; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return unsignedInteger(Uint8Array.from(bytes.length ? bytes : [0]));
}

/** OBJECT IDENTIFIER from dotted text, e.g. `2.5.4.3`. */
export function objectIdentifier(dotted: string): Bytes {
  const arcs = dotted.split('.').map(Number);
  const body: number[] = [arcs[0]! * 40 + arcs[1]!];
  for (const arc of arcs.slice(2)) {
    const chunk: number[] = [arc & 0x7f];
    for (let rest = Math.floor(arc / 128); rest > 0; rest = Math.floor(rest / 128)) chunk.unshift((rest & 0x7f) | 0x80);
    body.push(...chunk);
  }
  return tlv(0x06, Uint8Array.from(body));
}

/** A time as X.509 wants it: UTCTime until 2049, GeneralizedTime from 2050 (RFC 5280 §4.1.2.5). */
export function x509Time(date: Date): Bytes {
  const iso = date.toISOString();
  const digits = iso.slice(0, 19).replace(/[-:T]/g, '');
  const year = date.getUTCFullYear();
  const text = year < 2050 ? `${digits.slice(2)}Z` : `${digits}Z`;
  return tlv(year < 2050 ? 0x17 : 0x18, new TextEncoder().encode(text));
}

/** Base64 of bytes (no line breaks). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Bytes of base64 text. */
export function fromBase64(text: string): Bytes {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** PEM armour of DER bytes, 64 characters a line. */
export function toPem(label: string, der: Uint8Array): string {
  const lines = toBase64(der).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/**
 * Converts a raw `r || s` ECDSA signature (WebCrypto's format) to the DER `SEQUENCE { r, s }` X.509 carries.
 */
export function ecdsaRawToDer(raw: Uint8Array): Bytes {
  const half = raw.length / 2;
  return sequence(unsignedInteger(raw.subarray(0, half)), unsignedInteger(raw.subarray(half)));
}
