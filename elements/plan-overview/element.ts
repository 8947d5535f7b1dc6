import { defineElement } from '../../core/ui/define-element.js';
import { CARD_STYLES } from '../../core/ui/parts/card.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { PlanOverview, type PlanOverviewProps } from './plan-overview.js';
import styles from './plan-overview.css';
import '../../core/i18n/namespaces/plan-overview.js';

/**
 * The account's plans: level, expiry, domain usage (used/total) and which plan-gated features are included, with
 * the upgrade or work-order notice for those that are not (shell §3 plan info, §6 plan gating).
 *
 * @tag ec-plan-overview
 * @summary Plans, domain usage and plan-gated features of the signed-in account.
 * @csspart plans - The list of plan cards.
 * @csspart features - The feature table.
 * @csspart empty-state - Shown when the account has no plan.
 * @cssprop --ec-color-card - Background of the plan cards and the feature table.
 */
export const PlanOverviewElement = defineElement<PlanOverviewProps>('ec-plan-overview', PlanOverview, {
  namespace: 'plan-overview',
  attributes,
  styles: `${CARD_STYLES}\n${styles}`,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-plan-overview': EcElementOf<typeof attributes>;
  }
}
