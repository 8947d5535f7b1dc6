/**
 * The host routes the dashboard and the traffic reports link to, per console layout (shell §2: old layout
 * `statisticsReport/*`, new layout `data-analytics/business-report/*`; log retrieval, ban management, certificates
 * and the domain list). A host with its own router maps these names to its pages.
 */
import type { TrafficReportType } from '../../core/api/endpoints/reports.js';

/** A console layout (shell §2). */
export type ReportLayout = 'new' | 'old';

/** The layouts, for the `layout` attribute. */
export const REPORT_LAYOUTS = ['new', 'old'] as const;

/** Route key of each report tab (shell §2 router keys). */
const TAB_KEYS: Record<TrafficReportType, string> = {
  'wide-flow-range': 'wideFlowRange',
  'access-analysis': 'accessAnalysis',
  'distribution-request': 'distributionRequest',
  'status-code-analysis': 'statusCodeAnalysis',
  'hotspot-analysis': 'hotspotAnalysis',
};

/** The route of a traffic report tab. */
export function trafficReportRoute(layout: ReportLayout, type: TrafficReportType): string {
  return layout === 'old' ? `cloud-speed-old-statisticsReport-${TAB_KEYS[type]}` : `cloud-speed-new-data-analytics-business-report-${TAB_KEYS[type]}`;
}

/** The other pages the reports link to. Ban management exists in the new layout only (shell §2). */
export function reportRoutes(layout: ReportLayout) {
  return layout === 'old'
    ? { logs: 'cloud-speed-old-logRetrieval', bans: 'cloud-speed-new-safety-protection-banManage', certificates: 'cloud-speed-old-certificateList', domains: 'cloud-speed-old-businessList' }
    : {
        logs: 'cloud-speed-new-logRetrieval',
        bans: 'cloud-speed-new-safety-protection-banManage',
        certificates: 'cloud-speed-new-ssl-tls',
        domains: 'cloud-speed-new-domain-management-domain-list',
      };
}

/** Where a security report is shown: either cloud-speed layout, or the security module (shell §2 `report`). */
export const SECURITY_REPORT_LAYOUTS = ['new', 'old', 'security'] as const;
export type SecurityReportLayout = (typeof SECURITY_REPORT_LAYOUTS)[number];

/** The routes a security report links to; null where the layout has no such page (shell §2). */
export interface SecurityReportRoutes {
  /** Log retrieval: the security module's own `logs` page in that module. */
  logs: string;
  /** A WAF rule's detail: only the security module has one (`report/waf/{id}`). */
  wafDetail: string | null;
  /** A precise access-control rule's detail (`AccurateAccessControl/:id`): the cloud-speed layouts only. */
  aclDetail: string | null;
}

/** The security report routes of a layout. */
export function securityReportRoutes(layout: SecurityReportLayout): SecurityReportRoutes {
  if (layout === 'security') return { logs: 'security-logs', wafDetail: 'security-report-waf-id', aclDetail: null };
  if (layout === 'old') return { logs: 'cloud-speed-old-logRetrieval', wafDetail: null, aclDetail: 'cloud-speed-old-statisticsReport-AccurateAccessControl-id' };
  return { logs: 'cloud-speed-new-logRetrieval', wafDetail: null, aclDetail: 'cloud-speed-new-data-analytics-security-report-AccurateAccessControl-id' };
}
