import { TIME_RANGE_PRESETS } from '../../core/i18n/time-range.js';
import { LOG_TYPES } from '../../core/logs/fields.js';
import { attr, type AttributeSchema } from '../../core/ui/attributes.js';

/** Presets a host may start from; a custom range comes with `view-state` (`range=custom&from=…&to=…`). */
const RANGE_ATTRIBUTE_VALUES = TIME_RANGE_PRESETS.filter((preset) => preset !== 'custom');

/** The attributes of `<ec-log-retrieval>`: the factory parses them with this schema, custom-elements.json is written from it. */
export const attributes = {
  logType: attr.enum(LOG_TYPES, 'access', 'The log type tab to open: `access`, `waf` (web firewall), `cc` or `acl` (granular access control).'),
  range: attr.enum(RANGE_ATTRIBUTE_VALUES, '3h', 'The time range to start from (rules §9 date ranges; times are UTC+8).'),
  expression: attr.string('An advanced search expression to start from, e.g. `status >= 500 and uri ~ "^/api"`; the list opens searched by it.'),
  clientIp: attr.string('A client IP or CIDR block to start filtered by (the ban manager links "why was this IP banned" here).'),
  domainId: attr.number('A website id to start filtered by.', { min: 1 }),
  viewState: attr.string(
    'The view to start from, as URL query text: `type`, `range` (with `from` and `to` for a custom range), `domains`, `status`, `region`, `ip`, `method`, `uri`, `rule`, `action`, `q` (the expression). The element reports changes with `ec-view-state`; a page that owns the address keeps it there.',
  ),
} satisfies AttributeSchema;
