/**
 * Read-only state for what the caller may only look at (issue 19, rules §6): a sub-account whose group has a read
 * grant sees the page without the actions it cannot use, and is told why, instead of failing only on save.
 *
 * - {@link useModuleAccess}: the caller's access to a module, from the server's grants (core/session/caller-grants.ts);
 * - {@link ReadOnlyNotice}: one line above a page whose module the caller may only read;
 * - {@link ReadOnlyMark}: in a row or a form the caller may not change, in place of its actions;
 * - {@link GuardedButton}: a page action (add, import) that stays in view, disabled, with the reason as its tooltip.
 *
 * Whether one object may be changed comes with the object from the server (`editable`), never guessed here.
 */
import { Button, type ButtonProps } from 'primereact/button';
import { useEffect, useRef, useState } from 'react';
import type { PermissionModule } from '../../api/endpoints/platform.js';
import { accessLevel, readCallerGrants, type ModuleAccessLevel } from '../../session/caller-grants.js';
import { sessionToken } from '../../session/session.js';
import { useElement, useT } from '../element-context.js';
import { EcTooltip } from './tooltip.js';

/**
 * The caller's access to `module`: null until the grants arrive. When they cannot be read the answer is `manage`:
 * the UI then offers the actions and the server, which holds the grants, refuses what is not allowed.
 */
export function useModuleAccess(module: PermissionModule): ModuleAccessLevel | null {
  const { client } = useElement();
  const token = sessionToken.value;
  const [level, setLevel] = useState<{ token: string | null; level: ModuleAccessLevel } | null>(null);
  useEffect(() => {
    if (!token) return undefined;
    let current = true;
    readCallerGrants(client).then(
      (grants) => current && setLevel({ token, level: accessLevel(grants, module) }),
      () => current && setLevel({ token, level: 'manage' }),
    );
    return () => {
      current = false;
    };
  }, [client, module, token]);
  return level && level.token === token ? level.level : null;
}

/** The catalogue key naming a module (keys are kebab-case; module ids are the API's snake_case). */
const moduleKey = (module: PermissionModule) => `access.module.${module.replace(/_/g, '-')}`;

/** The translated reason an object of `module` cannot be changed by the caller. */
export function useReadOnlyReason(module: PermissionModule): string {
  const t = useT('common');
  return t('access.object-read-only', { module: t(moduleKey(module)) });
}

/** Props of {@link ReadOnlyNotice}. */
export interface ReadOnlyNoticeProps {
  module: PermissionModule;
}

/** "Your group may view … but not change them", shown when the caller's grant of `module` is read-only. */
export function ReadOnlyNotice({ module }: ReadOnlyNoticeProps) {
  const t = useT('common');
  const level = useModuleAccess(module);
  if (level !== 'read') return null;
  return (
    <p className="ec-read-only-notice" role="note" part="read-only-notice">
      <i className="pi pi-lock" aria-hidden="true" /> {t('access.module-read-only', { module: t(moduleKey(module)) })}
    </p>
  );
}

/** Props of {@link ReadOnlyMark}. */
export interface ReadOnlyMarkProps {
  /** Why the caller may not change this object (useReadOnlyReason). */
  reason: string;
}

/**
 * "View only" with the reason: read by screen readers with the mark, shown to sighted users as the tooltip of
 * FastTable's shared tip layer (`data-ec-tip`), so a page of read-only rows mounts no tooltip per row.
 */
export function ReadOnlyMark({ reason }: ReadOnlyMarkProps) {
  const t = useT('common');
  return (
    <span className="ec-read-only-mark" tabIndex={0} data-ec-tip={reason}>
      <i className="pi pi-lock" aria-hidden="true" /> {t('access.view-only')}
      <span className="ec-visually-hidden">{reason}</span>
    </span>
  );
}

/** Props of {@link GuardedButton}. */
export interface GuardedButtonProps extends ButtonProps {
  /** Why the action is not allowed; null or undefined when it is. */
  deniedReason?: string | null;
}

/**
 * A Button that, when denied, stays focusable (`aria-disabled`, per WAI-ARIA APG, so keyboard users can reach its
 * explanation) but does nothing, with the reason as its tooltip and description.
 */
export function GuardedButton({ deniedReason, onClick, className, ...props }: GuardedButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  if (!deniedReason) return <Button {...props} className={className} onClick={onClick} />;
  return (
    <>
      <Button
        {...props}
        ref={button as never}
        className={`${className ?? ''} p-disabled ec-denied`.trim()}
        aria-disabled="true"
        onClick={(event) => event.preventDefault()}
      />
      <EcTooltip target={button} content={deniedReason} />
    </>
  );
}
