import { defineElement } from '../../core/ui/define-element.js';
import type { EcElementOf } from '../../core/ui/attributes.js';
import { attributes } from './attributes.js';
import { WebSecurity, type WebSecurityProps } from './web-security.js';
import ownStyles from './web-security.css';
import './events.js';
import '../../core/i18n/namespaces/web-security.js';
import '../../core/i18n/namespaces/rules.js';
import '../../core/i18n/namespaces/security-cards.js';

/**
 * Web security policies (issue 22; shell §2 `safety-protection/web-security/*`, old layout `console/:id`
 * applicationSecurity and businessSecurity; rules §2-§6): the global policy, security templates and domain-specific
 * policies, each a set of protection cards saved through shell §7's `/v5` paths.
 *
 * @tag ec-web-security
 * @summary Global, template and domain security policies with their protection cards.
 * @fires ec-web-security-open-business - Open a business's strategy page; detail `{ business_id, name, scope }`.
 * @fires ec-web-security-open-waf - Open the WAF rule sets of a business; detail `{ business_id }`.
 * @fires ec-web-security-card-saved - A card was saved; detail `{ business_id, card }`.
 * @fires ec-web-security-method-changed - Domains changed configuration method; detail `{ domain_ids }`.
 * @fires ec-navigate - A plan notice asks the host for the upgrade page or a work order; detail `{ route, params }`.
 * @csspart cards - The card grid.
 * @csspart card - One protection card.
 * @csspart plan-notice - Why a card is locked by the plan, with the upgrade or work-order link.
 * @csspart view-only-notice - Why the policy is view-only.
 * @csspart issues - The problems found in a card's settings.
 * @csspart domains - A list of domains.
 * @csspart table - A table of domains or templates.
 * @csspart method - A domain's configuration method and its switch.
 * @csspart unbind-choice - Copy or switch when unbinding.
 * @csspart batch-cards - The cards a batch configuration applies.
 * @csspart picker - The domains a bind, unbind or batch configuration applies to.
 * @csspart bind-outcome - The domains a bind or unbind refused, with why.
 * @csspart editor - A protection card's settings in its dialog.
 * @csspart region-tree - The regional blocking card's tree of continents, countries, provinces and the CNPR/CNHMT groups.
 * @csspart region-schedule - The regional blocking card's Beijing-time schedule.
 * @csspart visitor-token-tool - The visitor authentication card's token generator and checker.
 * @csspart visitor-token - A token generated for now with the card's key.
 * @csspart visitor-token-check - The verdict on a pasted token (valid, wrong signature, timestamp outside one hour).
 * @csspart bot-analytics-note - Why bot analytics needs a flagship package.
 * @cssprop --ec-color-border - Card borders.
 * @cssprop --ec-color-card - Card background.
 * @cssprop --ec-color-text-secondary - A card's summary line.
 * @cssprop --ec-color-danger - The problems found in a card's settings.
 */
export const WebSecurityElement = defineElement<WebSecurityProps>('ec-web-security', WebSecurity, {
  namespace: 'web-security',
  uses: ['rules', 'security-cards'],
  attributes,
  styles: ownStyles,
});

declare global {
  interface HTMLElementTagNameMap {
    'ec-web-security': EcElementOf<typeof attributes>;
  }
}
