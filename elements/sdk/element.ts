import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { Sdk, type SdkProps } from './sdk.js';
import styles from './sdk.css';
import '../../core/i18n/namespaces/sdk.js';
import '../../core/i18n/namespaces/rules.js';
import './events.js';

/**
 * The application protection product (shell §1 taichi-app; rules §2 business, device reputation, forwarding packages,
 * reports): one element whose `view` picks the page, each view's code loaded when first shown. Businesses (search,
 * paging, create, edit, delete), a business's devices with their reputation (rules §3 levels, rules §9 thresholds)
 * and why, forwarding packages of up to 1000 ports (rules §5), protection settings, SDK keys and the CC, visit and
 * WAF data reports. Account owners only (shell §4): a sub-account sees the server's refusal.
 *
 * @tag ec-sdk
 * @summary Application protection (SDK): businesses, devices and reputation, packages, settings, keys, reports.
 * @fires ec-sdk-business-saved - A business was created or edited; `detail.business` is the stored one.
 * @fires ec-sdk-business-deleted - A business was deleted; `detail.id`.
 * @fires ec-sdk-key-rotated - A key was replaced; `detail.key` holds the new value.
 * @fires ec-navigate - Asks the host for a business's page or the list.
 * @csspart toolbar - The toolbar above a table.
 * @csspart table - A table of businesses, devices, packages or keys.
 * @csspart thresholds - The explanation of the reputation levels.
 * @csspart form - The protection settings form.
 * @csspart chart-export - The CSV and PNG export buttons of the report's chart.
 * @csspart chart-table-toggle - The button that shows or hides the chart's data table.
 * @csspart chart-map-toggle - The world/China switch of a map (the chart part names it; the reports draw no map).
 */
export const SdkElement = defineElement<SdkProps>('ec-sdk', Sdk, {
  namespace: 'sdk',
  uses: ['rules'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-sdk': EcElementOf<typeof attributes>;
  }
}
