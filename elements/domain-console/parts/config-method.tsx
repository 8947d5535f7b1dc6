/**
 * The domain's configuration method (rules §4: global policy, template or domain-specific) above every tab. First
 * version: shows the method; the configuration-method work of issue 20 adds switching and unbinding here.
 */
import type { DomainContext } from '../../../core/api/endpoints/domain-settings.js';
import { useT } from '../../../core/ui/element-context.js';

/** Props of {@link ConfigMethodBar}. */
export interface ConfigMethodBarProps {
  context: DomainContext;
  readonly: boolean;
  /** The context after a change of method. */
  onChanged: (context: DomainContext) => void;
}

export function ConfigMethodBar({ context }: ConfigMethodBarProps) {
  const t = useT('domain-console');
  const method = context.config_method;
  return (
    <span className="ec-row" part="config-method">
      <span className="ec-muted">{t('method-label')}</span>
      <strong>{t(`method.${method.source}`, { name: method.template_name })}</strong>
    </span>
  );
}
