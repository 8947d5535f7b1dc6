/**
 * The catalogue of a domain's settings groups (shell §3 "Domain settings groups", shell §7 `V4/web.domain.set.get` /
 * `save` by group): every group's value type, which console tab shows it, and which plan action gates it. The
 * browser's domain console and the reference server both read this one list.
 *
 * The cache groups (`cdn_advance_cache`, `browser_cache`) keep their own shapes (core/api/endpoints/domain-settings.ts)
 * and their own editor (`<ec-cache-rules>`); every other group is read as a {@link SettingsGroupState} and saved as a
 * {@link SettingsGroupSave}.
 */
import type { PlanAction } from '../api/endpoints/platform.js';
import type {
  BackSourceHostGroup,
  ConditionalOriginGroup,
  OriginAdvancedGroup,
  OriginGroup,
  OriginHealthGroup,
  SliceGroup,
  SourceSiteProtectGroup,
} from './origin.js';
import type { HttpsGroup, UpstreamRedirectGroup, UpstreamUriChangeGroup } from './https.js';
import type {
  CustomPageGroup,
  LiveGroup,
  MobileJumpGroup,
  ReqHeadersGroup,
  RespHeadersGroup,
  SeoGroup,
  SwitchGroup,
  UploadSizeGroup,
  WebsocketGroup,
} from './performance.js';

/** Where a domain's configuration comes from (rules §4 "Configuration method"); only `domain` is edited in place. */
export type ConfigSource = 'global' | 'template' | 'domain';

/** The value of each generic settings group, by the group's name. */
export interface SettingsGroupValues {
  origin: OriginGroup;
  back_source_host: BackSourceHostGroup;
  conditional_origin: ConditionalOriginGroup;
  origin_advanced: OriginAdvancedGroup;
  slice: SliceGroup;
  source_site_protect: SourceSiteProtectGroup;
  origin_health: OriginHealthGroup;
  https: HttpsGroup;
  upstream_uri_change: UpstreamUriChangeGroup;
  upstream_redirect: UpstreamRedirectGroup;
  page_gzip: SwitchGroup;
  Webp: SwitchGroup;
  mobile_jump: MobileJumpGroup;
  search_engine_optimization: SeoGroup;
  websocket: WebsocketGroup;
  upload_size: UploadSizeGroup;
  req_headers: ReqHeadersGroup;
  resp_headers: RespHeadersGroup;
  custom_page: CustomPageGroup;
  push: LiveGroup;
  pull: LiveGroup;
  hls: LiveGroup;
  tscode: LiveGroup;
  storage: LiveGroup;
  record: LiveGroup;
  refer: LiveGroup;
  wblist: LiveGroup;
}

/** A generic settings group's name. */
export type SettingsGroupName = keyof SettingsGroupValues;

/** The console's tabs (both layouts: the old layout's `console/:id` children map onto them, see the host routes). */
export const DOMAIN_CONSOLE_TABS = ['origin', 'https', 'cache', 'performance', 'pages', 'rewrite', 'live', 'config', 'trace'] as const;
export type DomainConsoleTab = (typeof DOMAIN_CONSOLE_TABS)[number];

/** How one group is shown and gated. */
export interface SettingsGroupEntry {
  name: SettingsGroupName;
  tab: DomainConsoleTab;
  /** The plan action without which the group is shown locked and refused by the server (rules §6); null when none. */
  planAction: PlanAction | null;
}

/** Every generic group, in the order the tabs show them. */
export const SETTINGS_GROUPS: readonly SettingsGroupEntry[] = [
  { name: 'origin', tab: 'origin', planAction: null },
  { name: 'back_source_host', tab: 'origin', planAction: null },
  { name: 'origin_advanced', tab: 'origin', planAction: null },
  { name: 'slice', tab: 'origin', planAction: null },
  { name: 'origin_health', tab: 'origin', planAction: null },
  { name: 'source_site_protect', tab: 'origin', planAction: null },
  { name: 'conditional_origin', tab: 'origin', planAction: null },
  { name: 'https', tab: 'https', planAction: 'https' },
  { name: 'page_gzip', tab: 'performance', planAction: null },
  { name: 'Webp', tab: 'performance', planAction: null },
  { name: 'mobile_jump', tab: 'performance', planAction: null },
  { name: 'search_engine_optimization', tab: 'performance', planAction: null },
  { name: 'websocket', tab: 'performance', planAction: 'websocket' },
  { name: 'upload_size', tab: 'performance', planAction: null },
  { name: 'req_headers', tab: 'performance', planAction: null },
  { name: 'resp_headers', tab: 'performance', planAction: null },
  { name: 'custom_page', tab: 'pages', planAction: null },
  { name: 'upstream_uri_change', tab: 'rewrite', planAction: null },
  { name: 'upstream_redirect', tab: 'rewrite', planAction: null },
  { name: 'push', tab: 'live', planAction: 'live_streaming' },
  { name: 'pull', tab: 'live', planAction: 'live_streaming' },
  { name: 'hls', tab: 'live', planAction: 'live_streaming' },
  { name: 'tscode', tab: 'live', planAction: 'live_streaming' },
  { name: 'storage', tab: 'live', planAction: 'live_streaming' },
  { name: 'record', tab: 'live', planAction: 'live_streaming' },
  { name: 'refer', tab: 'live', planAction: 'live_streaming' },
  { name: 'wblist', tab: 'live', planAction: 'live_streaming' },
];

/** Every generic group's name. */
export const SETTINGS_GROUP_NAMES: readonly SettingsGroupName[] = SETTINGS_GROUPS.map((entry) => entry.name);

/** Whether `name` is a generic group. */
export function isSettingsGroupName(name: string): name is SettingsGroupName {
  return (SETTINGS_GROUP_NAMES as readonly string[]).includes(name);
}

/** The groups a tab loads (and only those: a tab never loads another tab's groups). */
export function groupsOfTab(tab: DomainConsoleTab): SettingsGroupName[] {
  return SETTINGS_GROUPS.filter((entry) => entry.tab === tab).map((entry) => entry.name);
}

/** The entry of a group. */
export function settingsGroupEntry(name: SettingsGroupName): SettingsGroupEntry {
  return SETTINGS_GROUPS.find((entry) => entry.name === name)!;
}

/** A generic group as `V4/web.domain.set.get` answers it. */
export interface SettingsGroupState<V> {
  value: V;
  /** Changes with every save of the group; a save names the revision it started from (CONFLICT_CODE otherwise). */
  revision: number;
  /** The domain's configuration method (rules §4); `global` and `template` are view-only here (rules §6). */
  source: ConfigSource;
  /** Whether the caller may save this group: domain-specific, a manage grant, and the plan allows it. */
  editable: boolean;
  /** The plan action the group needs and the account lacks (rules §6 upgrade notice); null when allowed. */
  locked_by: PlanAction | null;
}

/** A generic group as `V4/web.domain.set.save` takes it. */
export interface SettingsGroupSave<V> {
  revision: number;
  value: V;
}
