/**
 * The domain's configuration method (rules §4: global policy, template or domain-specific) above every tab, with the
 * button that changes it. The dialog that changes it (./config-method-dialog.tsx) loads when first opened, so the
 * console's first render does not carry it.
 */
import { Button } from 'primereact/button';
import { useState } from 'react';
import type { DomainContext } from '../../../core/api/endpoints/domain-settings.js';
import { useT } from '../../../core/ui/element-context.js';
import { DeferredFailure, useDeferredModule } from '../../../core/ui/parts/deferred.js';

const loadDialog = () => import('./config-method-dialog.js');

/** Props of {@link ConfigMethodBar}. */
export interface ConfigMethodBarProps {
  context: DomainContext;
  readonly: boolean;
  /** The context after a change of method. */
  onChanged: (context: DomainContext) => void;
}

export function ConfigMethodBar({ context, readonly, onChanged }: ConfigMethodBarProps) {
  const t = useT('domain-console');
  const [open, setOpen] = useState(false);
  const deferred = useDeferredModule(loadDialog, open);
  // Changing the method needs a manage grant on the domain (rules §6): the site's `editable` flag says so.
  const changeable = !readonly && context.info.editable;
  const Dialog = deferred.module?.ConfigMethodDialog;
  return (
    <span className="ec-row" part="config-method">
      <span className="ec-muted">{t('method-label')}</span>
      <strong>{t(`method.${context.config_method.source}`, { name: context.config_method.template_name })}</strong>
      {changeable && (
        <Button
          type="button"
          text
          size="small"
          label={t('config.change')}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        />
      )}
      {open && deferred.failed && <DeferredFailure onRetry={deferred.retry} />}
      {open && Dialog && (
        <Dialog
          context={context}
          onClose={() => setOpen(false)}
          onChanged={(next) => {
            setOpen(false);
            onChanged(next);
          }}
        />
      )}
    </span>
  );
}
