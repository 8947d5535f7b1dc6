/**
 * `<ec-web-security>`: web security policies at three levels (issue 22). The `view` attribute picks the screen; the
 * element never navigates: opening a business or the WAF rule sets is an event for the host.
 */
import { DEFAULT_PAGE_SIZE } from '../../core/config/constants.js';
import type { SecurityView } from './attributes.js';
import { BatchView, DomainView, GlobalView, OnlyDomainView, StrategyView, TemplatesView } from './parts/views.js';

export interface WebSecurityProps {
  view?: SecurityView;
  scope?: 'template' | 'domain' | 'global';
  businessId?: number;
  businessName?: string;
  domainId?: number;
  section?: 'all' | 'application' | 'business';
  pageSize?: number;
}

export function WebSecurity({ view = 'global-domain-config', scope = 'template', businessId, businessName = '', domainId, section = 'all', pageSize = DEFAULT_PAGE_SIZE }: WebSecurityProps) {
  switch (view) {
    case 'global-domain-config':
      return <GlobalView pageSize={pageSize} />;
    case 'only-domain-config':
      return <OnlyDomainView pageSize={pageSize} />;
    case 'more-domain-config':
      return <TemplatesView pageSize={pageSize} />;
    case 'add-tpl':
      return <TemplatesView pageSize={pageSize} startCreating />;
    case 'domain-batch-config':
      return <BatchView />;
    case 'strategy':
      return businessId ? <StrategyView key={businessId} businessId={businessId} scope={scope} name={businessName} /> : null;
    case 'domain':
      return domainId ? <DomainView key={domainId} domainId={domainId} section={section} /> : null;
  }
}
