/**
 * Demo certificates of the demo account, real ones issued by the demo issuers so the console can parse them: an
 * uploaded wildcard certificate bound to two websites (and granted to the "Operations" group, which may read
 * in-group certificates), a free certificate issued three weeks ago and bound, an upload expiring within the month,
 * an expired upload, and a free application whose review failed.
 */
import { registeredDomain, certificateNameSet } from '../../../../core/rules/certificates.js';
import { issueCertificate, mirrorBinding, sealContext, searchText } from './store.js';
import { vaultFor } from './vault.js';
import { bindGroupObjects } from '../account/index.js';
import { demoGroupId, DEMO_MEMBER_ID } from '../../platform/demo-accounts.js';
import { seedWording, type SeedModule } from '../../platform/seed-module.js';

const DAY_MS = 86_400_000;

/** The certificates' names that are words; the others are named by their domain name, the same in every language. */
const TEXT = seedWording({
  zh_CN: { wildcard: 'example.com 通配符证书', previousYear: 'static.example.net 2025 年证书' },
  en_US: { wildcard: 'example.com wildcard', previousYear: 'static.example.net 2025' },
});

/** One demo certificate. */
interface DemoCertificate {
  /** A worded name from {@link TEXT}, or the certificate's domain name itself. */
  name: keyof (typeof TEXT)['zh_CN'] | { domain: string };
  source: 'upload' | 'free';
  names: string[];
  issuer: 'demo-trust-g1' | 'demo-secure-g2';
  /** Days from now; negative is in the past. */
  issuedDaysAgo: number;
  /** Due date in days from now; absent for free certificates (3 months from issue). */
  dueInDays?: number;
  bindTo: string[];
  grantToGroup?: boolean;
  reviewFailed?: boolean;
}

/** The demo certificates, in creation order. */
export const DEMO_CERTIFICATES: readonly DemoCertificate[] = [
  { name: 'wildcard', source: 'upload', names: ['example.com', '*.example.com'], issuer: 'demo-secure-g2', issuedDaysAgo: 60, dueInDays: 305, bindTo: ['www.example.com', 'shop.example.com'], grantToGroup: true },
  { name: { domain: 'api.example.com' }, source: 'free', names: ['api.example.com'], issuer: 'demo-trust-g1', issuedDaysAgo: 21, bindTo: ['api.example.com'] },
  { name: { domain: 'blog.example.org' }, source: 'upload', names: ['blog.example.org'], issuer: 'demo-secure-g2', issuedDaysAgo: 355, dueInDays: 10, bindTo: ['blog.example.org'] },
  { name: 'previousYear', source: 'upload', names: ['static.example.net'], issuer: 'demo-trust-g1', issuedDaysAgo: 400, dueInDays: -35, bindTo: [] },
  { name: { domain: 'cdn.example.io' }, source: 'free', names: ['cdn.example.io'], issuer: 'demo-secure-g2', issuedDaysAgo: 2, bindTo: [], reviewFailed: true },
];

/** Seeds the demo certificates and their bindings. */
export const certificatesSeed: SeedModule = {
  name: 'certificates',
  run({ db, now, language }) {
    const owner = db.prepare('SELECT id FROM users WHERE member_id = ? AND account_type = 1').get(DEMO_MEMBER_ID) as { id: number } | undefined;
    if (!owner) return;
    const vault = vaultFor(db);
    const insert = db.prepare(
      `INSERT INTO certificates (member_id, name, source, apply_status, review_reason, free_issuer, domains, name_set, registered_domain,
         search_text, issuer, not_before, not_after, key_type, chain_pem, private_key_sealed, auto_renew, created_by, created_at, updated_at)
       VALUES (@member_id, @name, @source, @apply_status, @review_reason, @free_issuer, @domains, @name_set, @registered_domain,
         @search_text, @issuer, @not_before, @not_after, @key_type, @chain_pem, @private_key_sealed, @auto_renew, @created_by, @created_at, @created_at)`,
    );
    const bind = db.prepare('INSERT INTO certificate_bindings (member_id, domain_id, certificate_id, bound_by, bound_at) VALUES (?, ?, ?, ?, ?)');
    const domainId = db.prepare('SELECT id FROM domains WHERE member_id = ? AND domain = ?');
    const groupId = demoGroupId(db);

    for (const demo of DEMO_CERTIFICATES) {
      const name = typeof demo.name === 'string' ? TEXT[language][demo.name] : demo.name.domain;
      const issuedAt = now - demo.issuedDaysAgo * DAY_MS;
      const free = demo.source === 'free';
      const issued = demo.reviewFailed
        ? null
        : issueCertificate(vault, demo.issuer, demo.names, issuedAt, demo.dueInDays === undefined ? {} : { notAfter: now + demo.dueInDays * DAY_MS });
      const id = Number(
        insert.run({
          member_id: DEMO_MEMBER_ID,
          name,
          source: demo.source,
          apply_status: issued === null ? 'review_failed' : free ? 'issued' : 'uploaded',
          review_reason: issued === null ? 'domain-not-verified' : '',
          free_issuer: free ? demo.issuer : null,
          domains: JSON.stringify(demo.names),
          name_set: certificateNameSet(demo.names),
          registered_domain: free ? registeredDomain(demo.names[0]!) : '',
          search_text: searchText(name, demo.names),
          issuer: issued?.issuerName ?? null,
          not_before: issued?.notBefore ?? null,
          not_after: issued?.notAfter ?? null,
          key_type: issued?.keyType ?? null,
          chain_pem: issued?.chainPem ?? null,
          private_key_sealed: issued === null ? null : vault.seal(issued.privateKeyPem, sealContext(DEMO_MEMBER_ID)),
          auto_renew: free ? 1 : 0,
          created_by: owner.id,
          created_at: issuedAt,
        }).lastInsertRowid,
      );
      const boundIds: number[] = [];
      for (const domain of demo.bindTo) {
        const found = domainId.get(DEMO_MEMBER_ID, domain) as { id: number } | undefined;
        if (!found) continue;
        bind.run(DEMO_MEMBER_ID, found.id, id, owner.id, issuedAt);
        boundIds.push(found.id);
      }
      mirrorBinding(db, DEMO_MEMBER_ID, boundIds, { id, name });
      if (demo.grantToGroup && groupId !== undefined) {
        bindGroupObjects(db, { memberId: DEMO_MEMBER_ID, groupId, module: 'certificate', kind: 'group', objectIds: [id] });
      }
    }
  },
};
