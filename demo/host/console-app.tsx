/**
 * The demo host (issue 5): the whole routed console as one element, `<ec-console>`, so the shell gets the same
 * theme, shadow-root isolation and notice outlet as every feature element. It runs the app start of shell §4,
 * signs users in, loads the account, routes with navigo and renders each route's feature element.
 */
import { Button } from 'primereact/button';
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, APP_LOGIN_REQUIRED_CODE, APP_LOGIN_UNAVAILABLE_CODE } from '../../core/api/catalogue.js';
import { checkAppLogin, type AppLoginUnavailableData } from '../../core/api/endpoints/platform.js';
import { followUnread } from '../../core/api/message-stream.js';
import { appReady, startApp } from '../../core/config/app-start.js';
import { providerDashboardUrl, providerLoginUrl, runMode } from '../../core/config/run-mode.js';
import { currentConsolePath, setNavigationHandler } from '../../core/session/navigation.js';
import { accountChange, expireToSignIn, finishLogout, isSignedIn, loginType, rememberReturnPath, watchAccountChanges } from '../../core/session/session.js';
import { attr } from '../../core/ui/attributes.js';
import { defineElement } from '../../core/ui/define-element.js';
import { useElement, useT } from '../../core/ui/element-context.js';
import { PageLayout } from '../../core/ui/parts/page-layout.js';
import { LoadingState } from '../../core/ui/parts/state-views.js';
import { isRouteAvailable, routeAccess } from './availability.js';
import { RouteElement } from './parts/route-element.js';
import { hostHasElement, loadElement, preloadElement } from './elements.js';
import { accountLoaded, layoutSwitchVisible, loadAccount, logout, menuType, switchLayout } from './host-store.js';
import { Header, SWITCHABLE_PRODUCTS } from './parts/header.js';
import { Sidebar, MODULE_ORDER, type SidebarModule } from './parts/sidebar.js';
// The sign-in form is its own chunk: a signed-in user, on every page but sign-in, never needs it.
// Loaded only when another tab signs in as someone else (shell §4): the sign-in page and the first pages do not carry
// the dialog for a moment that seldom comes.
const AccountChangeDialog = lazy(() => import('./parts/account-change-dialog.js').then((module) => ({ default: module.AccountChangeDialog })));
const SignInPage = lazy(() => import('./parts/sign-in-page.js').then((module) => ({ default: module.SignInPage })));
const MailViewerPage = lazy(() => import('./parts/mail-viewer-page.js').then((module) => ({ default: module.MailViewerPage })));
import { createHostRouter, currentRoute, type HostRouter } from './router.js';
import type { ModuleId, RouteDefinition } from './route-types.js';
import { findRoute, HOME_ROUTE_NEW, HOME_ROUTE_OLD, ROUTES } from './routes.js';
import hostCss from './host.css';
import '../../core/i18n/namespaces/host.js';
import '../../core/i18n/namespaces/routes.js';

/** Attributes of `<ec-console>`. */
export interface ConsoleAppProps {
  /** Where the provider signs users in when embedded (shell §8 16149 embedded). */
  providerLoginUrl?: string;
  /** The provider dashboard for the embedded app-login check's 604 (shell §4). */
  providerDashboardUrl?: string;
}

let hostSheet: CSSStyleSheet | undefined;

/** The console home for the current layout; the first available menu route when that one is not built yet. */
function homeRouteName(): string {
  const preferred = findRoute(menuType.value === 'new' ? HOME_ROUTE_NEW : HOME_ROUTE_OLD);
  if (preferred && isRouteAvailable(preferred)) return preferred.name;
  const inLayout = (route: RouteDefinition) => route.layout === 'both' || route.layout === menuType.value;
  const fallback =
    ROUTES.find((route) => route.module === 'cloud-speed' && route.menu && inLayout(route) && !route.hidden && isRouteAvailable(route)) ??
    ROUTES.find((route) => route.menu && inLayout(route) && !route.hidden && isRouteAvailable(route));
  return fallback?.name ?? 'access-denied';
}

function sidebarModules(): SidebarModule[] {
  return MODULE_ORDER.map((module) => ({
    module,
    entries: ROUTES.filter(
      (route) =>
        route.module === module &&
        route.menu &&
        !route.hidden &&
        (route.layout === 'both' || route.layout === menuType.value) &&
        isRouteAvailable(route),
    ).map((route) => ({ route, groupKey: route.menuGroupKey })),
  })).filter((entry) => entry.entries.length > 0);
}

/** The product last shown (a page of user center or messages keeps the product the user came from open). */
let lastProduct: ModuleId | null = null;

/** The product whose menu the sidebar opens: the page's own, else the last one shown, else the home's (cloud-speed). */
function productInUse(pageModule: ModuleId, products: readonly ModuleId[]): ModuleId | null {
  if (products.includes(pageModule)) lastProduct = pageModule;
  if (lastProduct && products.includes(lastProduct)) return lastProduct;
  const home = findRoute(homeRouteName())?.module;
  return home && products.includes(home) ? home : (products[0] ?? null);
}

function fillAttributes(attributes: Record<string, string> | undefined, params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(attributes ?? {}).map(([name, value]) => [name, value.replace(/:(\w+)/g, (_match, key: string) => params[key] ?? '')]),
  );
}

/** The whole console. */
export function ConsoleApp({ providerLoginUrl: loginUrl, providerDashboardUrl: dashboardUrl }: ConsoleAppProps) {
  useSignals();
  const { client, language, root, host } = useElement();
  const t = useT('host');
  const tRoutes = useT('routes');
  const [router, setRouter] = useState<HostRouter | null>(null);
  const [unreadCount, setUnreadCount] = useState<number | null>(null);
  const routerRef = useRef<HostRouter | null>(null);

  const route = currentRoute.value;
  const signedIn = isSignedIn.value;

  const navigateRoute = (name: string, params?: Record<string, string | number>, replace = false, query?: string) => {
    const target = findRoute(name);
    if (target) routerRef.current?.navigateRoute(name, params, { replace, query });
    else routerRef.current?.navigateRoute(homeRouteName(), {}, { replace: true });
  };

  // Host CSS joins the shared element sheets in this shadow root.
  useMemo(() => {
    hostSheet ??= (() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(hostCss);
      return sheet;
    })();
    if (!root.adoptedStyleSheets.includes(hostSheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, hostSheet];
  }, [root]);

  // Shell §4 app start, then (signed in) the account, then the router, so gates are known before a deep link resolves.
  useEffect(() => {
    if (loginUrl) providerLoginUrl.value = loginUrl;
    if (dashboardUrl) providerDashboardUrl.value = dashboardUrl;
    let cancelled = false;
    const stopWatching = watchAccountChanges();
    void (async () => {
      await startApp(client, { language });
      if (runMode.value === 'embedded') {
        try {
          await checkAppLogin(client, 'cloud-speed');
        } catch (error) {
          if (error instanceof ApiError && error.code === APP_LOGIN_REQUIRED_CODE && process.env.NODE_ENV === 'production') {
            location.assign(providerLoginUrl.value);
            return;
          }
          if (error instanceof ApiError && error.code === APP_LOGIN_UNAVAILABLE_CODE) {
            const flag = (error.data as AppLoginUnavailableData | undefined)?.flag;
            const target = new URL(providerDashboardUrl.value, location.href);
            target.searchParams.set('app', 'cloud-speed');
            if (flag === 2) target.searchParams.set('unableOpen', '1');
            location.assign(target.toString());
            return;
          }
        }
      }
      if (isSignedIn.value) await loadAccount(client);
      if (cancelled) return;
      const created = createHostRouter({
        mode: runMode.value === 'embedded' ? 'hash' : 'history',
        routes: ROUTES,
        access: routeAccess,
        homeRoute: homeRouteName,
      });
      routerRef.current = created;
      setRouter(created);
    })();
    return () => {
      cancelled = true;
      stopWatching();
      routerRef.current?.destroy();
    };
    // Start runs once per mount; language changes reload the page (shell §1).
  }, []);

  // Core asks for pages (sign-in after expiry, access page) through the navigation hook.
  useEffect(() => {
    if (!router) return undefined;
    return setNavigationHandler((path, options) => {
      if (options.reload) {
        router.navigatePath(path.split('#')[0]!, { replace: options.replace });
        location.reload();
        return;
      }
      router.navigatePath(path.split('#')[0]!, { replace: options.replace });
    });
  }, [router]);

  // Elements ask the host to go somewhere with ec-navigate; ec-unauthorized ends the session, ec-forbidden shows the access page.
  useEffect(() => {
    const onNavigate = (event: CustomEvent<EcEventDetails['ec-navigate']>) => {
      event.preventDefault(); // The host routes: a link the element showed is not followed as well.
      navigateRoute(event.detail.route, event.detail.params, false, event.detail.query);
    };
    // The console owns this page, so it applies shell §8 itself: expiry goes to sign-in and comes back.
    const onUnauthorized = (event: CustomEvent<EcEventDetails['ec-unauthorized']>) => {
      event.preventDefault();
      if (event.detail.reason === 'expired') expireToSignIn(event.detail.returnPath ?? currentConsolePath());
      else finishLogout();
    };
    const onForbidden = () => routerRef.current?.navigatePath('/access-denied');
    // An element's bookmarkable view (filters, page...) goes into the address, so reload, back and sharing keep it.
    const onViewState = (event: CustomEvent<EcEventDetails['ec-view-state']>) => routerRef.current?.replaceQuery(event.detail.state);
    // A documentation article's live example asks for an element the page has not loaded yet (issue 29).
    const onRequestElement = (event: CustomEvent<EcEventDetails['ec-request-element']>) => {
      if (!hostHasElement(event.detail.tag)) return;
      event.preventDefault();
      loadElement(event.detail.tag).catch(() => undefined);
    };
    host.addEventListener('ec-request-element', onRequestElement as EventListener);
    host.addEventListener('ec-navigate', onNavigate as EventListener);
    host.addEventListener('ec-unauthorized', onUnauthorized as EventListener);
    host.addEventListener('ec-forbidden', onForbidden);
    host.addEventListener('ec-view-state', onViewState as EventListener);
    return () => {
      host.removeEventListener('ec-view-state', onViewState as EventListener);
      host.removeEventListener('ec-request-element', onRequestElement as EventListener);
      host.removeEventListener('ec-navigate', onNavigate as EventListener);
      host.removeEventListener('ec-unauthorized', onUnauthorized as EventListener);
      host.removeEventListener('ec-forbidden', onForbidden);
    };
  });

  // A protected page without a session: remember it and sign in first.
  useEffect(() => {
    if (!router || !route || route.route.view.kind === 'host' || signedIn) return;
    // The home the router chose by itself is no destination of the user's; after sign-in home is recomputed.
    if (route.route.name !== homeRouteName()) rememberReturnPath(currentConsolePath());
    const target = loginType.value === 'child' ? 'login-child' : 'login';
    router.navigateRoute(target, {}, { replace: true });
  }, [router, route, signedIn]);

  // Signed in on a sign-in page (another tab, back button): go home.
  useEffect(() => {
    if (!router || !route || !signedIn || !accountLoaded.value) return;
    const page = route.route.view.kind === 'host' ? route.route.view.page : null;
    if (page === 'login' || page === 'login-child') router.navigateRoute(homeRouteName(), {}, { replace: true });
  }, [router, route, signedIn]);

  // Once the page is idle, the elements of the current page's tabs are fetched: the likely next clicks.
  useEffect(() => {
    if (!route?.route.tabs || !signedIn) return;
    const tags = route.route.tabs
      .map((tab) => findRoute(tab.route)?.view)
      .flatMap((view) => (view?.kind === 'element' ? [view.tag] : []));
    const idle = requestIdleCallback(() => tags.forEach(preloadElement), { timeout: 5_000 });
    return () => cancelIdleCallback(idle);
  }, [route, signedIn]);

  // The bell follows the unread count live while signed in (shell §1); signing out closes the stream.
  useEffect(() => {
    if (!signedIn || !accountLoaded.value) {
      setUnreadCount(null);
      return;
    }
    return followUnread(client, { onCount: setUnreadCount });
  }, [client, signedIn, accountLoaded.value]);

  const afterSignIn = async (returnPath: string | null) => {
    await loadAccount(client);
    if (returnPath) router?.navigatePath(returnPath, { replace: true });
    else router?.navigateRoute(homeRouteName(), {}, { replace: true });
  };

  if (!appReady.value || !router || !route) {
    return (
      <div className="ec-console-loading">
        <LoadingState message={t("app.loading")} />
      </div>
    );
  }

  const view = route.route.view;
  // Issue 27: the mail viewer, with or without a session (a sign-in code is read there before the session exists).
  if (view.kind === 'host' && view.page === 'mail-viewer') {
    return (
      <div className="ec-console ec-console-sign-in">
        <Suspense fallback={<LoadingState message={t('app.loading')} />}>
          <MailViewerPage onLeave={() => router.navigateRoute(signedIn ? homeRouteName() : 'login')} />
        </Suspense>
      </div>
    );
  }
  if (view.kind === 'host' && view.page !== 'access-denied') {
    const kind = view.page === 'login-child' ? 'child' : 'parent';
    return (
      <div className="ec-console ec-console-sign-in">
        <Suspense fallback={<LoadingState message={t('app.loading')} />}>
          <SignInPage
            key={kind}
            kind={kind}
            onSignedIn={(path) => void afterSignIn(path)}
            onSwitch={() => router.navigateRoute(kind === 'parent' ? 'login-child' : 'login')}
          />
        </Suspense>
      </div>
    );
  }
  if (!signedIn || !accountLoaded.value) {
    return (
      <div className="ec-console-loading">
        <LoadingState message={t("app.loading")} />
      </div>
    );
  }

  const modules = sidebarModules();
  const products = SWITCHABLE_PRODUCTS.filter((module) => modules.some((entry) => entry.module === module));
  const openProduct = productInUse(route.route.module, products);
  const current = route.route;
  const breadcrumb = current.breadcrumb.map((name, index) => {
    const step = findRoute(name);
    const label = step ? tRoutes(step.titleKey) : name;
    const isLast = index === current.breadcrumb.length - 1;
    return isLast || !step || step.view.kind === 'redirect' ? { label } : { label, route: name, params: route.params };
  });
  const tabs = current.tabs?.filter((tab) => {
    const target = findRoute(tab.route);
    return target !== undefined && isRouteAvailable(target);
  });

  return (
    <div className="ec-console">
      <a className="ec-skip-link" href="#main-content" onClick={(event) => {
        event.preventDefault();
        root.getElementById('main-content')?.focus();
      }}>
        {t('app.skip-to-content')}
      </a>
      <Header
        products={products}
        activeModule={current.module}
        unreadCount={unreadCount}
        onProduct={(module: ModuleId) => {
          const first = modules.find((entry) => entry.module === module)?.entries[0];
          if (first) navigateRoute(first.route.name);
        }}
        onMessages={() => navigateRoute('message-center-MessageList')}
        onMessage={(id: number) => navigateRoute('message-center-MessageList-detail-id', { id })}
        onDocumentation={() => navigateRoute('document-dashboard')}
        onLogout={() => void logout(client)}
      />
      <div className="ec-console-body">
        <Sidebar
          modules={modules}
          activeRoute={current.name}
          hrefOf={(name) => router.hrefOf(name)}
          onNavigate={(name) => navigateRoute(name)}
          switchLink={{ visible: layoutSwitchVisible.value, toNew: menuType.value === 'old' }}
          collapsible={products.filter((module) => module !== openProduct)}
          openProduct={openProduct}
          onSwitchLayout={() => {
            switchLayout();
            router.navigateRoute(homeRouteName(), {}, { replace: true });
          }}
        />
        <main className="ec-console-main" id="main-content" tabIndex={-1}>
          <PageLayout
            title={tRoutes(current.titleKey)}
            breadcrumb={breadcrumb}
            back={current.back ? { route: current.back, params: route.params } : undefined}
            tabs={tabs?.map((tab) => ({ key: tab.route, label: tRoutes(tab.labelKey) }))}
            activeTab={tabs?.some((tab) => tab.route === current.activeTab) ? current.activeTab : undefined}
            onTabChange={(name) => navigateRoute(name, route.params)}
          >
            {route.blocked ? (
              <BlockedPage
                reason={route.blocked}
                moduleLabel={tRoutes(`module.${current.module}`)}
                pageTitle={tRoutes(current.titleKey)}
                onHome={() => navigateRoute(homeRouteName())}
              />
            ) : view.kind === 'element' ? (
              <RouteElement
                key={`${current.name}:${JSON.stringify(route.params)}`}
                tag={view.tag}
                attributes={{
                  ...fillAttributes(view.attributes, route.params),
                  lang: language,
                  'api-base': client.base,
                  'route-mode': runMode.value === 'embedded' ? 'hash' : 'history',
                  'view-state': new URLSearchParams(route.query).toString(),
                }}
              />
            ) : (
              <div className="ec-state" role="alert">
                <h2>{t('access-denied.title')}</h2>
                <p>{t('access-denied.text')}</p>
              </div>
            )}
          </PageLayout>
        </main>
      </div>
      {accountChange.value && (
        <Suspense fallback={null}>
          <AccountChangeDialog />
        </Suspense>
      )}
    </div>
  );
}

/** Props of {@link BlockedPage}. */
interface BlockedPageProps {
  reason: 'forbidden' | 'unavailable';
  moduleLabel: string;
  pageTitle: string;
  onHome: () => void;
}

/**
 * A page that cannot be shown, said in words (issue 19): no permission for the module, or not available in this
 * console, with a way home. The route stays in the address bar, so the user can tell which link led here.
 */
function BlockedPage({ reason, moduleLabel, pageTitle, onHome }: BlockedPageProps) {
  const t = useT('host');
  return (
    <div className="ec-state ec-blocked-page" role="alert" part="blocked-page" data-reason={reason}>
      <i className={`pi ${reason === 'forbidden' ? 'pi-lock' : 'pi-info-circle'}`} aria-hidden="true" />
      <h3>{t(reason === 'forbidden' ? 'blocked.forbidden-title' : 'blocked.unavailable-title')}</h3>
      <p>{reason === 'forbidden' ? t('blocked.forbidden-text', { module: moduleLabel }) : t('blocked.unavailable-text', { page: pageTitle })}</p>
      <Button type="button" label={t('access-denied.home')} onClick={onHome} />
    </div>
  );
}

/** Registers `<ec-console>`. */
export function defineConsole(): void {
  defineElement('ec-console', ConsoleApp, {
    session: 'optional',
    namespace: 'host',
    uses: ['routes'],
    attributes: {
      providerLoginUrl: attr.string('Where the provider portal signs users in when embedded (shell §8, 16149; shell §4, code 44).'),
      providerDashboardUrl: attr.string('The provider portal\'s dashboard, for the embedded app-login check\'s code 604 (shell §4).'),
    },
  });
}

