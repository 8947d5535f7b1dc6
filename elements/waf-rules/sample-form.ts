/**
 * The rule tester's sample request as its form holds it (text as typed, so nothing is lost in the draft) and the
 * `SampleRequest` the matcher reads, where an empty field means "not known".
 */
import type { SampleRequest } from '../../core/match/request.js';
import { formatBeijingTime } from '../../core/rules/match-catalogue.js';

/** The sample as the form holds it: text everywhere, as typed. */
export interface SampleForm {
  method: string;
  url: string;
  host: string;
  protocol: string;
  serverPort: string;
  clientIp: string;
  region: string;
  headers: { name: string; value: string }[];
  ja3: string;
  ja3n: string;
  ja4: string;
  ja4h: string;
  time: string;
  deviceType: string;
  ipTypes: string[];
  ipBehaviours: string[];
  ipRate: string;
  urlRate: string;
  statusCode: string;
}

const TEXT_FIELDS = ['ja3', 'ja3n', 'ja4', 'ja4h'] as const;
const NUMBER_FIELDS = [
  ['serverPort', 'server_port'],
  ['ipRate', 'ip_rate'],
  ['urlRate', 'url_rate'],
  ['statusCode', 'status_code'],
] as const;

/** A new sample: a GET of / over HTTPS from a documentation address, now in Beijing time. */
export function initialSample(): SampleForm {
  return {
    method: 'GET',
    url: '/',
    host: '',
    protocol: 'https',
    serverPort: '',
    clientIp: '203.0.113.10',
    region: '',
    headers: [{ name: 'User-Agent', value: 'Mozilla/5.0' }],
    ja3: '',
    ja3n: '',
    ja4: '',
    ja4h: '',
    time: formatBeijingTime(Date.now()),
    deviceType: '',
    ipTypes: [],
    ipBehaviours: [],
    ipRate: '',
    urlRate: '',
    statusCode: '',
  };
}

/** The sample request the matcher reads; fields left empty are "not known". */
export function toSample(form: SampleForm): SampleRequest {
  const sample: SampleRequest = {
    method: form.method,
    url: form.url.trim() || '/',
    protocol: form.protocol,
    client_ip: form.clientIp.trim(),
    headers: form.headers.filter((header) => header.name.trim() !== ''),
    ip_types: form.ipTypes,
    ip_behaviours: form.ipBehaviours,
  };
  if (form.host.trim()) sample.host = form.host.trim();
  if (form.region) sample.region = form.region;
  if (form.deviceType) sample.device_type = form.deviceType;
  if (form.time.trim()) sample.time = form.time.trim().replace('T', ' ');
  for (const field of TEXT_FIELDS) if (form[field].trim()) sample[field] = form[field].trim();
  for (const [field, name] of NUMBER_FIELDS) {
    const number = Number(form[field]);
    if (form[field].trim() !== '' && Number.isFinite(number)) sample[name] = number;
  }
  return sample;
}

