/**
 * Links to the host's pages, following the element's `route-mode` (issue 17, DESIGN §2):
 * - `hash` and `history`: a real `<a href>` (`#/path` or `/console/path`), so a reader can open it in a new tab,
 *   copy it or see where it leads. A plain click sends a cancelable `ec-navigate`; a host that routes calls
 *   preventDefault() and the link is not followed as well. A host that does not listen lets the browser follow the
 *   link the user clicked: the element itself never assigns `location`.
 * - `none` (the default, so an element on a page that set nothing never leads its reader off the page): a button
 *   that only sends `ec-navigate`.
 * A route without a console path (the work-order page, shell §6, has none in shell §2) is always a button.
 */
import type { MouseEvent, ReactNode } from 'react';
import { consoleHref, routePath } from '../../config/route-paths.js';
import type { PlanNotice } from '../../config/plan-gating.js';
import { useElement, useT } from '../element-context.js';

/** Where a link leads: a host route name and its parameters (the `ec-navigate` detail). */
export interface NavTarget {
  route: string;
  params?: Record<string, string | number>;
  /**
   * URL query text of the page's bookmarkable view (`type=cc&ip=203.0.113.7`), the same text the target element
   * reports with `ec-view-state`: a link can open a page already filtered.
   */
  query?: string;
}

/** How the link looks: inline text, or a small PrimeReact button (filled or outlined). */
export type NavLinkAppearance = 'link' | 'button' | 'button-outlined' | 'button-text';

/** Props of {@link NavLink}. */
export interface NavLinkProps extends NavTarget {
  /** Link text (translated); or the content with `icon`. */
  children: ReactNode;
  appearance?: NavLinkAppearance;
  /** A primeicons class (`pi pi-upload`) shown before the text. */
  icon?: string;
  /** Accessible name when the text alone is not enough ("Console of example.com"). */
  'aria-label'?: string;
  className?: string;
  /** Not available now (a plan gate): a disabled button, since an anchor cannot be disabled. */
  disabled?: boolean;
  /** The part name; default `link`. */
  part?: string;
}

/** The `ec-navigate` detail of a target: route, parameters and, when core knows the route, its console path. */
export function navigationDetail(target: NavTarget): EcEventDetails['ec-navigate'] {
  const path = routePath(target.route, target.params);
  return {
    route: target.route,
    ...(target.params ? { params: target.params } : {}),
    ...(target.query ? { query: target.query } : {}),
    ...(path !== undefined ? { path: target.query ? `${path}?${target.query}` : path } : {}),
  };
}

/**
 * Asks the host for a page without a link (after an action: a submitted job opens its details). Returns false when
 * the host took it (preventDefault).
 */
export function useNavigate(): (target: NavTarget) => boolean {
  const { emit } = useElement();
  return (target) => emit('ec-navigate', navigationDetail(target), { cancelable: true });
}

const appearanceClass: Record<NavLinkAppearance, string> = {
  link: 'ec-link',
  button: 'p-button p-component p-button-sm ec-nav-button',
  'button-outlined': 'p-button p-component p-button-sm p-button-outlined ec-nav-button',
  'button-text': 'p-button p-component p-button-sm p-button-text ec-nav-button',
};

/** Whether the browser should handle the click itself: another button, or a modifier asking for a new tab or window. */
function opensElsewhere(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/** A link to a host page, a real anchor unless `route-mode="none"`; `part="link"` unless named otherwise. */
export function NavLink({ route, params, query, children, appearance = 'link', icon, className, disabled = false, part = 'link', 'aria-label': ariaLabel }: NavLinkProps) {
  const { routeMode, emit } = useElement();
  const detail = navigationDetail({ route, params, query });
  const href = detail.path !== undefined ? consoleHref(routeMode, detail.path) : undefined;
  const classes = `${appearanceClass[appearance]}${className ? ` ${className}` : ''}`;
  const content = (
    <>
      {icon && <i className={`${icon}${appearance === 'link' ? '' : ' p-button-icon p-button-icon-left'}`} aria-hidden="true" />}
      {appearance === 'link' ? children : <span className="p-button-label">{children}</span>}
    </>
  );
  if (href === undefined || disabled) {
    return (
      <button
        type="button"
        part={part}
        className={`${classes}${disabled && appearance !== 'link' ? ' p-disabled' : ''}`}
        disabled={disabled}
        aria-label={ariaLabel}
        onClick={() => emit('ec-navigate', detail, { cancelable: true })}
      >
        {content}
      </button>
    );
  }
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (opensElsewhere(event)) return;
    const followed = emit('ec-navigate', detail, { cancelable: true });
    if (!followed) event.preventDefault();
  };
  return (
    <a href={href} part={part} className={classes} aria-label={ariaLabel} onClick={onClick}>
      {content}
    </a>
  );
}

/** The link of a plan notice (shell §6): the upgrade page for the online edition, a work order otherwise. */
export function PlanNoticeLink({ notice }: { notice: PlanNotice }) {
  const t = useT('common');
  return <NavLink route={notice.route} params={notice.kind === 'work-order' ? notice.params : undefined}>{notice.kind === 'upgrade' ? t('plan.upgrade-link') : t('plan.work-order-link')}</NavLink>;
}
