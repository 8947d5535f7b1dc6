/**
 * Storing a partner's OEM configuration (shell §1, §7 `oem/cfg`; issue 29). There is no console page for it: the
 * operator of a deployment stores it (EC_OEM_CONFIG at start, see main.ts, or this function from a script), and
 * what may be stored is checked here with the same rules the console applies when it reads one
 * (core/rules/oem.ts), so a stored configuration can never ask the console for something it cannot do.
 */
import type { FieldIssue } from '../../../../core/api/catalogue.js';
import type { OemAssets } from '../../../../core/api/endpoints/platform.js';
import { validateModulesSettings } from '../../../../core/rules/oem.js';
import { prepare, type Db } from '../../platform/database.js';

/** What an operator gives for one host name (`*` for the whole deployment). */
export interface OemConfigInput {
  title?: string;
  assets?: Partial<OemAssets>;
  modulesSettings?: unknown;
}

/** A page title's length. */
const TITLE_MAX = 64;
/** An asset is a same-site path or an https URL (the console's CSP loads images from nowhere else it trusts less). */
const ASSET = /^(\/[^\s"'<>]{0,2046}|https:\/\/[^\s"'<>]{1,2040})$/;
const HOST = /^(\*|[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*)$/;

/** Every issue of a configuration; none means it may be stored. */
export function validateOemConfig(host: string, input: OemConfigInput): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (!HOST.test(host)) issues.push({ field: 'host', key: 'common.format-error' });
  if (input.title !== undefined && (typeof input.title !== 'string' || input.title.length > TITLE_MAX)) {
    issues.push({ field: 'title', key: 'common.too-long', values: { max: TITLE_MAX } });
  }
  for (const name of ['favicon', 'logo', 'logoConsole'] as const) {
    const value = input.assets?.[name];
    if (value !== undefined && value !== '' && (typeof value !== 'string' || !ASSET.test(value))) issues.push({ field: `assets.${name}`, key: 'common.format-error' });
  }
  issues.push(...validateModulesSettings(input.modulesSettings ?? {}));
  return issues;
}

/** Stores (or replaces) the configuration of a host after checking it; throws with the issues when it does not pass. */
export function saveOemConfig(db: Db, host: string, input: OemConfigInput): void {
  const issues = validateOemConfig(host, input);
  if (issues.length > 0) throw new Error(`OEM configuration refused: ${issues.map((found) => `${found.field} ${found.key}`).join('; ')}`);
  prepare(
    db,
    `INSERT INTO oem_config (host, title, favicon, logo, logo_console, modules_settings) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (host) DO UPDATE SET title = excluded.title, favicon = excluded.favicon, logo = excluded.logo,
       logo_console = excluded.logo_console, modules_settings = excluded.modules_settings`,
  ).run(host, input.title ?? '', input.assets?.favicon ?? '', input.assets?.logo ?? '', input.assets?.logoConsole ?? '', JSON.stringify(input.modulesSettings ?? {}));
}

/** Removes a host's configuration (the console is then unbranded for it, or falls back to `*`). */
export function removeOemConfig(db: Db, host: string): void {
  prepare(db, 'DELETE FROM oem_config WHERE host = ?').run(host);
}
