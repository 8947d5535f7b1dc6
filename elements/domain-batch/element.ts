import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import styles from '../domain-list/domain-list.css';
import '../domain-list/events.js';
import { DomainBatch, type DomainBatchProps } from './domain-batch.js';
import '../../core/i18n/namespaces/domain-batch.js';
import '../../core/i18n/namespaces/domain-list.js';
import '../../core/i18n/namespaces/rules.js';

/**
 * Batch add, batch delete and batch setting of websites (rules §2, §5, §8, §9). Batch add: domains one per line (at
 * most 500, no duplicates), a template, optional origins. Batch delete: domains one per line (at most 500); a site
 * bound to a TCP package is refused with the spec's message. Batch setting: configuration items (gzip, WebP, WebSocket
 * where the plan includes it, origin timeout) and a website selection from a picker of 500 rows; unapproved sites and
 * sites without an origin are refused. Each shows a per-row preview from the server's dry run before submission and a
 * result summary after it.
 *
 * @tag ec-domain-batch
 * @summary Batch add, delete and setting of websites with a per-row preview and a result summary.
 * @fires ec-domain-added - Batch add added websites; detail `{ ids, domains }`.
 * @fires ec-domain-deleted - Batch delete deleted websites; detail `{ ids, domains }`.
 * @fires ec-domain-settings-applied - Batch setting changed websites; detail `{ ids }`.
 * @csspart form - The batch form.
 * @csspart origins - The origin editor of batch add.
 * @csspart picker - The website picker of batch setting.
 * @csspart preview - The per-row preview (dry run) before submission.
 * @csspart result - The result summary after submission.
 * @csspart outcome - The per-website outcome table of the preview and the result.
 * @csspart dialog - The delete confirmation.
 * @csspart read-only-notice - Shown when the caller's group may only view websites and domains (the form is then disabled).
 * @csspart provisioning - The live progress of the provisioning job after a submission (approval and configuration).
 * @csspart plan-notice - Why a batch setting is refused by the plan, with the upgrade or work-order link.
 */
export const DomainBatchElement = defineElement<DomainBatchProps>('ec-domain-batch', DomainBatch, {
  namespace: 'domain-batch',
  uses: ['domain-list', 'rules'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-domain-batch': EcElementOf<typeof attributes>;
  }
}
