/** PLACEHOLDER until the https tab is built (issue 20): names the tab and nothing else. */
import { useT } from '../../../../core/ui/element-context.js';
import type { TabProps } from '../tab-module.js';

export const namespaces = [] as const;

export default function HttpsTab(_props: TabProps) {
  const t = useT('domain-console');
  return <p>{t('tab.https')}</p>;
}
