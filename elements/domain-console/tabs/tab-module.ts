/**
 * What every domain console tab module exports. Tabs load on first view (one chunk each, with their own catalogue),
 * so opening the console downloads only the shell and the tab shown.
 */
import type { ComponentType } from 'react';
import type { DomainContext } from '../../../core/api/endpoints/domain-settings.js';
import type { Namespace } from '../../../core/i18n/catalogues.js';

/** Props every tab gets from the shell. */
export interface TabProps {
  /** The domain context (`V4/Web.Domain.Info`): the site, its configuration method and the plan in force. */
  context: DomainContext;
  /** The element's `mode="readonly"`: nothing may be changed whatever the server allows. */
  readonly: boolean;
  /** Tell the shell groups were saved (it emits `ec-domain-settings-saved` and refreshes the context). */
  onSaved: (groups: readonly string[]) => void;
}

/** A tab module. */
export interface DomainConsoleTabModule {
  default: ComponentType<TabProps>;
  /** Catalogues the tab translates with besides `domain-console`, `common` and `rules` (registered by the module). */
  namespaces: readonly Namespace[];
}
