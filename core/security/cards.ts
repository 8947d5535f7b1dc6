/**
 * The protection cards of web security (issue 22; rules §2 "Cards exist for bot, CSRF, cloud WAF, intelligent
 * application-layer protection, referer hotlink protection, visitor (guest) authentication, IP behaviour analysis,
 * replay protection, regional blocking, webshell and DDoS protection"; rules §4 protection modes, levels, replay
 * actions; rules §5 paths; rules §9 replay window, visitor auth tolerance): every card's name, its value, its
 * defaults, the `/v5` path it is saved through (shell §7) and the plan gate it sits behind (rules §6, shell §8).
 *
 * This is the one list the browser (the card editors of `<ec-web-security>`), the reference server (storage,
 * validation) and the matcher (the request trace) read. The checks of each value are core/rules/security-cards.ts.
 */
import type { BlockPageType, PlanAction, WafMode } from '../api/endpoints/platform.js';

/** Rules §4 "Protection mode: observation, blocking (intercept), ban"; the package's `cloud_waf.waf_mode` allows them. */
export type ProtectionMode = WafMode;
/** Rules §4 "Level: normal, strict". */
export type ProtectionLevel = 'normal' | 'strict';
/** Rules §4 "Intelligent protection: default, normal, strict, verification code". */
export type IntelligentLevel = 'default' | 'normal' | 'strict' | 'captcha';
/** Rules §4 "Replay protection action: intercept, verification code, observation, not allowed". */
export type ReplayAction = 'block' | 'captcha' | 'observe' | 'deny';
/** Rules §9 "Replay window options 5, 10, 15 minutes". */
export const REPLAY_WINDOWS_MINUTES = [5, 10, 15] as const;
export type ReplayWindow = (typeof REPLAY_WINDOWS_MINUTES)[number];
/** Rules §9 "Visitor auth tolerance 1 hour"; rules §8 "Illegal or invalid timestamp (difference over one hour)". */
export const VISITOR_AUTH_TOLERANCE_SECONDS = 3600;

/** Known bot categories the bot card sets an action for (rules §2 "bot"; the bot reports use the same names). */
export const KNOWN_BOT_CATEGORIES = ['search_engine', 'monitoring', 'feed_reader', 'ai_crawler', 'social_media', 'other'] as const;
export type KnownBotCategory = (typeof KNOWN_BOT_CATEGORIES)[number];
export type KnownBotAction = 'allow' | 'observe' | 'block';
/** What happens to a client that behaves like a bot but names none (rules §4 human verification). */
export type UnknownBotAction = 'observe' | 'js_challenge' | 'captcha' | 'block';

/** Every card carries its switch (rules §4 "Feature toggles switch on or off with confirmation"). */
export interface CardSwitch {
  enabled: boolean;
}

/** Beijing-time schedule of regional blocking (rules §9 "regional blocking on Beijing time"). */
export interface RegionSchedule {
  /** Every day, all day; the fields below are kept but unused while true. */
  always: boolean;
  /** ISO weekdays 1 (Monday) to 7 on which the block holds. */
  weekdays: number[];
  /** `HH:MM`, Beijing time; `end` before `start` spans midnight. */
  start: string;
  end: string;
}

/** The value of each card, by its name. */
export interface SecurityCardValues {
  bot_management: CardSwitch & {
    known_bots: Record<KnownBotCategory, KnownBotAction>;
    unknown_bot_action: UnknownBotAction;
  };
  csrf: CardSwitch & {
    mode: ProtectionMode;
    /** Protected paths: each starts with `/`, at most 128 characters, one per line (rules §5). */
    paths: string[];
    exception_paths: string[];
  };
  cloud_waf: CardSwitch & {
    mode: ProtectionMode;
    /** Rule sets the policy quotes, in evaluation order (rules §2 "quote rule set"). */
    rule_set_ids: number[];
    /** The block page (shell §3 `waf_block_diy_page`; rules §3 types default, custom HTML, URL link). */
    block_page: { type: BlockPageType; html: string; url: string };
  };
  intelligent_protection: CardSwitch & { level: IntelligentLevel };
  referer_hotlink: CardSwitch & {
    list_type: 'allow' | 'deny';
    /** Referer domains, wildcards allowed. */
    domains: string[];
    /** Whether a request without a Referer header passes. */
    allow_empty: boolean;
  };
  visitor_authentication: CardSwitch & {
    /** The shared secret of the MD5 token. */
    key: string;
    /** The request header the token `timestamp|nonce|md5` arrives in (rules §5). */
    header: string;
    /** Paths under protection; none means every path. */
    paths: string[];
  };
  ip_behavior_analysis: CardSwitch & { mode: ProtectionMode; level: ProtectionLevel };
  replay_protection: CardSwitch & {
    window_minutes: ReplayWindow;
    action: ReplayAction;
    paths: string[];
    exception_paths: string[];
  };
  region_block: CardSwitch & {
    mode: ProtectionMode;
    /** Region keys of the IP region tree (shell §3): continents, countries, provinces, and the groups CNPR, CNHMT. */
    regions: string[];
    schedule: RegionSchedule;
  };
  webshell_detection: CardSwitch & { mode: ProtectionMode };
  application_ddos_protection: CardSwitch & {
    mode: ProtectionMode;
    level: ProtectionLevel;
    /** How long a banned client stays banned in ban mode, seconds (core/rules/waf-actions.ts BAN_DURATION_RANGE). */
    ban_seconds: number;
  };
}

export type SecurityCardName = keyof SecurityCardValues;

/** The shell §7 `/v5` path a card is read and saved through. */
export type SecurityCardPath = 'ddos' | 'waf';

/** How one card is shown, saved and gated. */
export interface SecurityCardEntry {
  name: SecurityCardName;
  /**
   * Shell §7: "ddos path when application_ddos_protection or visitor_authentication is present, otherwise waf".
   */
  path: SecurityCardPath;
  /** The plan action without which the card shows the shell §8 prompt and the server refuses it; null when none. */
  planAction: PlanAction | null;
  /** Old layout domain console section (shell §2 `console/:id` applicationSecurity or businessSecurity). */
  section: 'application' | 'business';
}

/**
 * Every card in the order the page shows them and the trace evaluates them: cheap, certain verdicts first (who the
 * visitor is, where from), then request content, then rates.
 */
export const SECURITY_CARDS: readonly SecurityCardEntry[] = [
  { name: 'region_block', path: 'waf', planAction: null, section: 'application' },
  { name: 'visitor_authentication', path: 'ddos', planAction: null, section: 'business' },
  { name: 'referer_hotlink', path: 'waf', planAction: null, section: 'business' },
  { name: 'replay_protection', path: 'waf', planAction: 'cc_protection', section: 'business' },
  { name: 'csrf', path: 'waf', planAction: null, section: 'business' },
  { name: 'cloud_waf', path: 'waf', planAction: null, section: 'application' },
  { name: 'webshell_detection', path: 'waf', planAction: 'cc_protection', section: 'application' },
  { name: 'bot_management', path: 'waf', planAction: 'cc_protection', section: 'application' },
  { name: 'ip_behavior_analysis', path: 'waf', planAction: 'cc_protection', section: 'application' },
  { name: 'intelligent_protection', path: 'waf', planAction: 'cc_protection', section: 'application' },
  { name: 'application_ddos_protection', path: 'ddos', planAction: 'cc_protection', section: 'application' },
];

export const SECURITY_CARD_NAMES: readonly SecurityCardName[] = SECURITY_CARDS.map((entry) => entry.name);

export function isSecurityCardName(name: string): name is SecurityCardName {
  return (SECURITY_CARD_NAMES as readonly string[]).includes(name);
}

export function securityCardEntry(name: SecurityCardName): SecurityCardEntry {
  return SECURITY_CARDS.find((entry) => entry.name === name)!;
}

/** The cards saved through one `/v5` path. */
export function cardsOfPath(path: SecurityCardPath): SecurityCardName[] {
  return SECURITY_CARDS.filter((entry) => entry.path === path).map((entry) => entry.name);
}

const ALWAYS: RegionSchedule = { always: true, weekdays: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '23:59' };

/** A card's value before it is ever saved: off, with the mildest settings that would act when switched on. */
export function securityCardDefaults<N extends SecurityCardName>(name: N): SecurityCardValues[N] {
  const defaults: { [K in SecurityCardName]: () => SecurityCardValues[K] } = {
    bot_management: () => ({
      enabled: false,
      known_bots: { search_engine: 'allow', monitoring: 'allow', feed_reader: 'allow', ai_crawler: 'observe', social_media: 'allow', other: 'observe' },
      unknown_bot_action: 'observe',
    }),
    csrf: () => ({ enabled: false, mode: 'observe', paths: [], exception_paths: [] }),
    cloud_waf: () => ({ enabled: false, mode: 'observe', rule_set_ids: [], block_page: { type: 'default', html: '', url: '' } }),
    intelligent_protection: () => ({ enabled: false, level: 'default' }),
    referer_hotlink: () => ({ enabled: false, list_type: 'deny', domains: [], allow_empty: true }),
    visitor_authentication: () => ({ enabled: false, key: '', header: 'X-Auth-Token', paths: [] }),
    ip_behavior_analysis: () => ({ enabled: false, mode: 'observe', level: 'normal' }),
    replay_protection: () => ({ enabled: false, window_minutes: 5, action: 'observe', paths: [], exception_paths: [] }),
    region_block: () => ({ enabled: false, mode: 'block', regions: [], schedule: { ...ALWAYS, weekdays: [...ALWAYS.weekdays] } }),
    webshell_detection: () => ({ enabled: false, mode: 'observe' }),
    application_ddos_protection: () => ({ enabled: false, mode: 'observe', level: 'normal', ban_seconds: 600 }),
  };
  return defaults[name]() as SecurityCardValues[N];
}

/** Every card at its defaults. */
export function allSecurityCardDefaults(): SecurityCardValues {
  return Object.fromEntries(SECURITY_CARD_NAMES.map((name) => [name, securityCardDefaults(name)])) as unknown as SecurityCardValues;
}
