/**
 * Demo web security (issue 22): the WAF seed's direct bindings become the quoting domains' own cloud WAF cards (the
 * one source of bindings, adopt.ts); the account's global policy has application DDoS/CC protection, intelligent
 * protection and webshell detection on (observing, so the demo traffic is not blocked); one security template with
 * strict DDoS/CC protection and a region block is bound to blog.example.org. The global policy quotes no rule set:
 * every domain following it would be bound to it.
 */
import { securityCardDefaults, type SecurityCardName, type SecurityCardValues } from '../../../../core/security/cards.js';
import { DEMO_MEMBER_ID } from '../../platform/demo-accounts.js';
import { scopeFor } from '../../platform/security/scope.js';
import { seedWording, type SeedModule } from '../../platform/seed-module.js';
import { adoptDirectBindings } from './adopt.js';
import { globalBusiness, materialiseBindings, setMethod, storeCard, templateBusiness, TEMPLATES } from './store.js';

const TEXT = seedWording({
  zh_CN: { template: { name: '商城严格防护', remark: '促销期间的严格 CC 防护与区域封禁' } },
  en_US: { template: { name: 'Strict shop protection', remark: 'Strict CC protection and a region block for sales' } },
});

type Cards = { [N in SecurityCardName]?: Partial<SecurityCardValues[N]> };

const GLOBAL: Cards = {
  application_ddos_protection: { enabled: true, mode: 'observe', level: 'normal' },
  intelligent_protection: { enabled: true, level: 'normal' },
  webshell_detection: { enabled: true, mode: 'observe' },
};

const TEMPLATE: Cards = {
  application_ddos_protection: { enabled: true, mode: 'block', level: 'strict' },
  region_block: { enabled: true, mode: 'block', regions: ['RU'] },
};

export const webSecuritySeed: SeedModule = {
  name: 'web-security',
  run({ db, now, language }) {
    adoptDirectBindings(db, now);
    const tenant = scopeFor(db, DEMO_MEMBER_ID);
    const write = (businessId: number, cards: Cards) => {
      for (const [name, value] of Object.entries(cards)) storeCard(tenant, businessId, name as SecurityCardName, { ...securityCardDefaults(name as SecurityCardName), ...value }, 0, now);
    };
    write(globalBusiness(tenant, now).id, GLOBAL);
    const { name, remark } = TEXT[language].template;
    const templateId = tenant.insert(TEMPLATES, { name, remark, created_at: now, updated_at: now });
    write(templateBusiness(tenant, templateId, now).id, TEMPLATE);
    const blog = tenant.get<{ id: number }>('domains', { columns: 'id', where: "domain = 'blog.example.org'" });
    if (blog) {
      setMethod(tenant, blog.id, 'template', templateId, now);
      materialiseBindings(db, tenant, [blog.id], now);
    }
  },
};
