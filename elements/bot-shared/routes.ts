/**
 * The host routes the bot pages name, per console layout (shell §2: old layout `statisticsReport/Bot`,
 * `Bot/KnowDetail/:id`, `Bot/UnknowDetail/:id`; new layout the same under `data-analytics/security-report`), and log
 * retrieval, where a chart selection or a signature drills down to. A host with its own router maps these names.
 */
import type { BotDetailKind } from '../../core/api/endpoints/bot-report.js';
import { reportRoutes, type ReportLayout } from '../reports-shared/routes.js';

/** The routes of a layout. */
export function botRoutes(layout: ReportLayout): { report: string; detail: Record<BotDetailKind, string>; logs: string } {
  const base = layout === 'old' ? 'cloud-speed-old-statisticsReport-Bot' : 'cloud-speed-new-data-analytics-security-report-Bot';
  return { report: base, detail: { known: `${base}-KnowDetail-id`, unknown: `${base}-UnknowDetail-id` }, logs: reportRoutes(layout).logs };
}
