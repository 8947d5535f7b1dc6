/**
 * Demo TCP packages and rules. "TCP Pro 01" is the package the demo website api.example.com is already bound to
 * (websites seed), so its delete is refused; neither package is active yet, so the console opens on the spec's
 * "activate before using forwarding" notice and the seeded rules read "access key not recognized" until it is.
 * One rule forwards to a domain that never resolves and one has an origin that failed its check, so every
 * forwarding status (rules §4) appears once the package is active.
 */
import { DEMO_MEMBER_ID } from '../../platform/demo-accounts.js';
import { scopeFor } from '../../platform/security/scope.js';
import { seedWording, type SeedModule } from '../../platform/seed-module.js';
import { setOriginHealth } from './store.js';

const TEXT = seedWording({
  zh_CN: { game: '游戏服', ssh: '运维跳板', dns: '内部 DNS', legacy: '旧机房' },
  en_US: { game: 'Game server', ssh: 'Ops bastion', dns: 'Internal DNS', legacy: 'Old data centre' },
});

/** Seeds the packages and rules. */
export const layer4Seed: SeedModule = {
  name: 'layer4',
  run({ db, now, language }) {
    const tenant = scopeFor(db, DEMO_MEMBER_ID);
    const text = TEXT[language];
    const pro = tenant.insert('tcp_packages', { name: 'TCP Pro 01', product: 'standard', active: 0, expire_at: null, created_at: now });
    tenant.insert('tcp_packages', { name: 'TCP App 01', product: 'application', active: 0, expire_at: null, created_at: now });
    const rules = [
      { protocol: 'tcp', rule_port: 443, type: 'ip', source_ips: ['203.0.113.10', '203.0.113.11'], source_port: 443, remark: text.game, lb_mode: 'round-robin' },
      { protocol: 'tcp', rule_port: 8080, type: 'ip', source_ips: ['198.51.100.20', '198.51.100.21'], source_port: 22, remark: text.ssh, lb_mode: 'ip-hash' },
      { protocol: 'udp', rule_port: 8443, type: 'ip', source_ips: ['192.0.2.53'], source_port: 53, remark: text.dns, lb_mode: 'round-robin' },
      { protocol: 'tcp', rule_port: 80, type: 'domain', source_ips: ['origin.legacy.invalid'], source_port: 8080, remark: text.legacy, lb_mode: 'round-robin' },
    ];
    for (const rule of rules) {
      const id = tenant.insert('layer4_rules', { ...rule, source_ips: JSON.stringify(rule.source_ips), package_id: pro, created_at: now, updated_at: now });
      if (rule.type === 'domain') setOriginHealth(db, DEMO_MEMBER_ID, id, rule.source_ips[0]!, 'unresolved', now);
      if (rule.rule_port === 8080) setOriginHealth(db, DEMO_MEMBER_ID, id, rule.source_ips[1]!, 'down', now);
    }
  },
};
