/**
 * The performance, error page and live streaming tabs' settings groups (shell §3 "Domain settings groups" and
 * "Setting items"; rules §3 "Custom error page"; rules §5 "Origin and performance"; rules §9 upload size, HTML page):
 * values, defaults and validation shared by the browser forms and the reference server. The spec's group names are
 * used as they are (`page_gzip`, `Webp`, `mobile_jump`, `search_engine_optimization`, `websocket`, `resp_headers`,
 * `custom_page`, and the live groups `push`, `pull`, `hls`, `tscode`, `storage`, `record`, `refer`, `wblist`);
 * `upload_size` and `req_headers` name setting items the spec lists without a group name.
 */
import type { SwitchValue } from '../api/endpoints/websites.js';

/** A group that is only a switch. */
export interface SwitchGroup {
  status: SwitchValue;
}

/** `mobile_jump`: mobile visitors are redirected. */
export interface MobileJumpGroup {
  status: SwitchValue;
  /** http(s) URL the mobile visitor goes to. */
  target: string;
}

/** `search_engine_optimization`: search engine crawlers are fetched from the origin directly (not cached). */
export interface SeoGroup {
  status: SwitchValue;
}

/** `websocket`: plan-gated by the `websocket` action. */
export interface WebsocketGroup {
  status: SwitchValue;
  /** Idle seconds, 1-3600. */
  timeout: number;
}

/** `upload_size`: largest request body, 10-500 MB (rules §5, §9). */
export interface UploadSizeGroup {
  megabytes: number;
}

/** A header to add, replace or remove. */
export interface HeaderRule {
  /** Letters, digits, `-` and `_`, 1-100 (rules §5). For response headers, one of shell §3's list or a custom name. */
  name: string;
  /** 1-1000 characters, no Chinese (rules §5); '' for `delete`. */
  value: string;
  action: 'set' | 'delete';
}

/** `req_headers`: headers added to requests sent to the origin. */
export interface ReqHeadersGroup {
  headers: HeaderRule[];
}

/** `resp_headers`: headers added to responses; at most 8 custom ones (rules §5). */
export interface RespHeadersGroup {
  headers: HeaderRule[];
}

/** One custom error page (rules §3: status code, custom type default / custom HTML / URL link). */
export interface CustomPageEntry {
  /** 4xx or 5xx. */
  code: number;
  type: 'default' | 'html' | 'url';
  /** When `html`: at most 64K, not empty, no JavaScript (rules §5, §9). */
  html: string;
  /** When `url`: http(s). */
  url: string;
}

/** `custom_page`: error pages by status code. */
export interface CustomPageGroup {
  pages: CustomPageEntry[];
}

/** A live streaming group: each has a switch and its own settings (plan-gated: shown only where the plan has them). */
export interface LiveGroup {
  status: SwitchValue;
  /** The group's settings, named per group (see the live tab). */
  options: Record<string, string | number | boolean | string[]>;
}
