import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { Packages, type PackagesProps } from './packages.js';
import styles from './packages.css';
import '../../core/i18n/namespaces/packages.js';
import '../../core/i18n/namespaces/rules.js';
import './events.js';

/**
 * The packages page (shell §2 `packages`, `domain-management/packages`; shell §3 plan info; rules §4, §8, §9): the
 * account's plans with version, expiry, domain usage, increase packages and billing method; the owner renews,
 * expands (not on a trial package) and changes the billing method (from the 1st of next month, locked until then),
 * each as a job whose progress shows live. Sub-accounts see it read-only. The upgrade notice of shell §6 opens it.
 *
 * @tag ec-packages
 * @summary The account's plans: renew, expand and change the billing method, with live job progress.
 * @fires ec-package-change-started - A change was accepted; `detail.change` is what was asked, `detail.jobId` its job.
 * @csspart plans - The list of plan cards.
 * @csspart actions - A plan's renew, expand and billing buttons (the owner only).
 * @csspart change-status - The live progress or outcome of the plan's latest change.
 * @csspart change-dialog - The form of a change.
 * @csspart billing-pending - The billing method waiting for the 1st of next month.
 * @csspart billing-locked - Why the billing method cannot be changed again yet.
 * @csspart plan-notice - Why a trial package cannot renew or expand, with the work-order link.
 * @csspart in-force - Says which plan is the one in force (its businesses are the account's websites).
 * @csspart businesses - The businesses of a package (security layout with `plan-id`).
 * @csspart link - The link from a package to its businesses, and from a business to its page (security layout).
 * @csspart readonly-notice - Why a sub-account sees no actions.
 * @csspart empty-state - Shown when the account has no plan.
 * @cssprop --ec-color-card - Background of the plan cards.
 */
export const PackagesElement = defineElement<PackagesProps>('ec-packages', Packages, {
  namespace: 'packages',
  uses: ['rules'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-packages': EcElementOf<typeof attributes>;
  }
}
