import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { Layer4Rules, type Layer4RulesProps } from './layer4-rules.js';
import styles from './layer4-rules.css';
import '../../core/i18n/namespaces/layer4.js';
import '../../core/i18n/namespaces/rules.js';
import './events.js';

/**
 * Layer-4 forwarding rules (rules §3-§5, §8): the list with protocol, rule port, source IPs and port, type, remark,
 * package, load-balancing mode, due date and forwarding status; filters and search; create, edit, delete; batch add
 * of up to 100 ports (1000 on an application-product package); batch edit of rules that share source port, package
 * and source IPs, with a preview naming those that differ; the TCP package activation notice.
 *
 * @tag ec-layer4-rules
 * @summary Layer-4 forwarding rules: list, filters, create/edit/delete, batch add and batch edit, TCP package notice.
 * @fires ec-layer4-rules-added - Rules were created; detail `{ ids }`.
 * @fires ec-layer4-rules-saved - Rules were changed; detail `{ ids }`.
 * @fires ec-layer4-rules-deleted - Rules were deleted; detail `{ ids }`.
 * @fires ec-tcp-package-activated - A TCP package was activated; detail `{ id }`.
 * @fires ec-navigate - Asks the host for a rule's console.
 * @csspart toolbar - Search, filters and the add actions.
 * @csspart selection-bar - Batch edit and delete of the selected rules.
 * @csspart table - The rules.
 * @csspart pagination - The pager.
 * @csspart empty-state - Shown when there is no rule to show.
 * @csspart package-notice - The TCP package activation notice.
 * @csspart form - The rule form.
 * @csspart batch-preview - The batch edit's list of differing rules.
 * @csspart read-only-notice - Shown when the caller's group may only view layer-4 rules.
 */
export const Layer4RulesElement = defineElement<Layer4RulesProps>('ec-layer4-rules', Layer4Rules, {
  namespace: 'layer4',
  uses: ['rules'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-layer4-rules': EcElementOf<typeof attributes>;
  }
}
