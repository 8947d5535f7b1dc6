import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { Layer4RuleDetail, type Layer4RuleDetailProps } from './layer4-rule-detail.js';
import styles from './layer4-rule-detail.css';
import '../../core/i18n/namespaces/layer4.js';
import '../../core/i18n/namespaces/rules.js';
import './events.js';

/**
 * The console of one layer-4 rule: ports and forwarding settings, origins with their health and the forwarding
 * status (rules §4), load balancing, access control (IP allow/deny, regions) and the websites bound to its TCP
 * package (rules §8: a bound website cannot be deleted).
 *
 * @tag ec-layer4-rule-detail
 * @summary One layer-4 rule: ports, origins with health, load balancing, access control, TCP package binding.
 * @fires ec-layer4-rule-saved - The rule was saved; detail `{ rule }`.
 * @fires ec-tcp-package-binding-changed - A website was bound or unbound; detail `{ package_id, domain_id, bound }`.
 * @csspart header - The rule's name, status and edit action.
 * @csspart ports - Ports and forwarding settings.
 * @csspart origins - The origins with their health.
 * @csspart access - The access control section.
 * @csspart access-form - The access control form.
 * @csspart package-binding - The websites bound to the rule's TCP package.
 * @csspart form - The rule form (edit dialog).
 */
export const Layer4RuleDetailElement = defineElement<Layer4RuleDetailProps>('ec-layer4-rule-detail', Layer4RuleDetail, {
  namespace: 'layer4',
  uses: ['rules'],
  attributes,
  styles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-layer4-rule-detail': EcElementOf<typeof attributes>;
  }
}
