import { TRAFFIC_REPORT_TYPES } from '../../core/api/endpoints/reports.js';
import { TIME_RANGE_PRESETS } from '../../core/i18n/time-range.js';
import { attr, type AttributeSchema } from '../../core/ui/attributes.js';
import { REPORT_LAYOUTS } from '../reports-shared/routes.js';

/** Presets a host may start from (a custom range is picked in the element). */
const RANGE_VALUES = TIME_RANGE_PRESETS.filter((preset) => preset !== 'custom');

/** The attributes of `<ec-traffic-report>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  type: attr.enum(
    TRAFFIC_REPORT_TYPES,
    'wide-flow-range',
    'The report tab: `wide-flow-range` (bandwidth and traffic), `access-analysis` (PV/UV, URLs, referers, user agents, regions), `distribution-request`, `status-code-analysis` or `hotspot-analysis`.',
  ),
  range: attr.enum(RANGE_VALUES, 'today', 'The time range to start from (rules §9 date ranges; times are UTC+8).'),
  domainId: attr.number('A website id to start filtered by.', { min: 1 }),
  layout: attr.enum(REPORT_LAYOUTS, 'new', 'The console layout whose routes drill-down links ask for (shell §2): `new` or `old`.'),
} satisfies AttributeSchema;
