/**
 * The businesses of one package (shell §2 security module `meal/{id}`, each business opening `business/{id}` on its
 * acceleration tab): the account's websites when the package is the one in force, searchable and paged (shell §9
 * page sizes). Loaded only on a package's detail page, so the list of packages downloads none of it.
 */
import { useCallback, useEffect, useState } from 'react';
import type { PackageInfo } from '../../../core/api/endpoints/packages.js';
import { listWebsites, type WebsiteInfo } from '../../../core/api/endpoints/websites.js';
import type { ListAnswer } from '../../../core/api/endpoints/platform.js';
import { DEFAULT_PAGE_SIZE } from '../../../core/config/constants.js';
import { useElement, useT } from '../../../core/ui/element-context.js';
import { NavLink } from '../../../core/ui/parts/nav-link.js';
import { isPagerShown, Pager } from '../../../core/ui/parts/pager.js';
import { SearchInput } from '../../../core/ui/parts/search-input.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import { StatusTag } from '../../../core/ui/parts/status-tag.js';
import { statusTags } from '../../domain-list/vocabulary.js';
import { cataloguesLoaded, loadCatalogues } from '../../../core/i18n/i18n.js';
import '../../../core/i18n/namespaces/domain-list.js';

/** Namespaces this part loads itself (the website list's status words), not with every packages page. */
export const namespaces = ['domain-list'] as const;

/** The security module's business page, opened on its first tab (shell §2: `business/{id}` redirects there). */
export const BUSINESS_ROUTE = 'security-business-applicationAcceleration';

type Load = { state: 'loading' } | { state: 'error' } | { state: 'ready'; value: ListAnswer<WebsiteInfo> };

/** Props of {@link PackageBusinesses}. */
export interface PackageBusinessesProps {
  plan: PackageInfo;
  /** The plan in force, named when `plan` is not it. */
  inForce: PackageInfo | undefined;
}

/** The businesses section of a package's detail page. */
export default function PackageBusinesses({ plan, inForce }: PackageBusinessesProps) {
  const { client, language } = useElement();
  // Service statuses read as the website list says them; that catalogue loads with this part, not with every
  // packages page.
  const [wordsReady, setWordsReady] = useState(() => cataloguesLoaded(language, namespaces));
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (cataloguesLoaded(language, namespaces)) return setWordsReady(true);
    let current = true;
    loadCatalogues(language, namespaces).then(
      () => current && setWordsReady(true),
      () => current && setLoad({ state: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [language, attempt]);
  const t = useT();
  const tSites = useT('domain-list');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const fetchPage = useCallback(() => {
    if (!plan.in_force) return undefined;
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    listWebsites(client, { page, per_page: pageSize, ...(search ? { search } : {}) }, { signal: controller.signal }).then(
      (value) => setLoad({ state: 'ready', value }),
      () => {
        if (!controller.signal.aborted) setLoad({ state: 'error' });
      },
    );
    return () => controller.abort();
  }, [client, plan.in_force, page, pageSize, search]);
  useEffect(fetchPage, [fetchPage]);

  const body = () => {
    if (!plan.in_force) {
      // Only the newest plan that has not expired serves websites (V4/member.plan.actions): say where they are.
      return <EmptyState message={inForce ? t('businesses.not-in-force', { plan: inForce.plan_name }) : t('businesses.none-in-force')} />;
    }
    if (load.state === 'loading' || (load.state === 'ready' && !wordsReady)) return <LoadingState message={t('businesses.loading')} />;
    if (load.state === 'error') return (
        <ErrorState
          message={t('businesses.load-failed')}
          onRetry={() => {
            setAttempt((count) => count + 1);
            fetchPage();
          }}
        />
      );
    if (load.value.total === 0) return <EmptyState message={t(search ? 'businesses.no-match' : 'businesses.empty')} />;
    const tags = statusTags(tSites);
    return (
      <>
        <table className="ec-plan-businesses" part="businesses">
          <thead>
            <tr>
              <th scope="col">{t('businesses.domain')}</th>
              <th scope="col">{t('businesses.status')}</th>
              <th scope="col">{t('businesses.cname')}</th>
              <th scope="col">{t('businesses.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {load.value.list.map((site) => (
              <tr key={site.id}>
                <td>{site.domain}</td>
                <td className="ec-nowrap">
                  <StatusTag settings={tags} value={site.status} />
                </td>
                <td className="ec-plan-cname">{site.cname}</td>
                <td className="ec-nowrap">
                  <NavLink route={BUSINESS_ROUTE} params={{ id: site.id }} aria-label={t('businesses.manage-named', { domain: site.domain })}>
                    {t('businesses.manage')}
                  </NavLink>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {isPagerShown(load.value.total) && (
          <Pager
            page={page}
            pageSize={pageSize}
            total={load.value.total}
            onChange={(change) => {
              setPage(change.page);
              setPageSize(change.pageSize);
            }}
          />
        )}
      </>
    );
  };

  return (
    <section className="ec-stack" aria-labelledby="plan-businesses-title">
      <div className="ec-row ec-plan-businesses-head">
        <h2 id="plan-businesses-title">{t('businesses.title')}</h2>
        {plan.in_force && (
          <SearchInput
            label={t('businesses.search')}
            value={search}
            onSearch={(value) => {
              setPage(1);
              setSearch(value);
            }}
          />
        )}
      </div>
      {body()}
    </section>
  );
}
