/** Shared constants of shell §9 that are not validation rules (those live in core/rules). */

/** Sent as `version` on single-sign-on URLs (shell §7). */
export const CONSOLE_VERSION = '0.1.0';
/** Table page sizes and default (shell §9). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** A page size of shell §9, or the default for anything else (an attribute, a stored preference). */
export function pageSizeOrDefault(value: unknown): number {
  return (PAGE_SIZES as readonly unknown[]).includes(value) ? (value as number) : DEFAULT_PAGE_SIZE;
}
/** Tooltip open delay (shell §9). */
export const TOOLTIP_DELAY_MS = 500;
/** Dialog default width (shell §9). */
export const DIALOG_WIDTH = '500px';
/** Chart defaults (shell §9). */
export const CHART_HEIGHT = 350;
export const CHART_WRAPPER_HEIGHT = 400;
export const CHART_RESIZE_THROTTLE_MS = 500;
export const PIE_LEGEND_LIMIT = 30;
export const MAP_RANGE: readonly [number, number] = [0, 10_000];
/** Chunk load timeout (shell §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Pagination parameter aliases a list endpoint accepts (shell §9). */
export const PAGE_SIZE_ALIASES = ['per_page', 'size', 'pagesize', 'page_size'] as const;
