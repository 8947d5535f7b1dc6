/**
 * `<ec-sdk>`: the application protection product's pages in one element (shell §2 "SDK (taichi-app): labels only").
 * Each view is its own lazily loaded module, so a page downloads only the view it shows; the element itself holds
 * the shared store (the business pickers' list) and the loading fallback.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useMemo } from 'react';
import { useElement, useT } from '../../core/ui/element-context.js';
import { LoadingState } from '../../core/ui/parts/state-views.js';
import { createSdkStore, type SdkStore } from './store.js';

/** Props of the component (attributes of the element). */
export interface SdkProps {
  view?: string;
  businessId?: number;
  type?: string;
}

/** What every view receives. */
export interface SdkViewProps {
  store: SdkStore;
  businessId?: number;
  type?: string;
}

const BusinessList = lazy(() => import('./parts/business-list.js').then((module) => ({ default: module.BusinessList })));
const BusinessDetail = lazy(() => import('./parts/business-detail.js').then((module) => ({ default: module.BusinessDetail })));
const Packages = lazy(() => import('./parts/packages.js').then((module) => ({ default: module.Packages })));
const ResourceConfig = lazy(() => import('./parts/resource-config.js').then((module) => ({ default: module.ResourceConfig })));
const ResourceManage = lazy(() => import('./parts/resource-manage.js').then((module) => ({ default: module.ResourceManage })));
const Report = lazy(() => import('./parts/report.js').then((module) => ({ default: module.Report })));

function View({ view, ...props }: SdkViewProps & { view: string | undefined }) {
  switch (view) {
    case 'business':
      return <BusinessDetail {...props} />;
    case 'packages':
      return <Packages {...props} />;
    case 'resource-config':
      return <ResourceConfig {...props} />;
    case 'resource-manage':
      return <ResourceManage {...props} />;
    case 'report':
      return <Report {...props} />;
    default:
      return <BusinessList {...props} />;
  }
}

/** The SDK pages. */
export function Sdk({ view, businessId, type }: SdkProps) {
  useSignals();
  const t = useT();
  const { client } = useElement();
  const store = useMemo(() => createSdkStore(client, businessId), [client, businessId]);
  return (
    <div className="ec-root ec-stack ec-sdk">
      <Suspense fallback={<LoadingState message={t('loading')} />}>
        <View view={view} store={store} businessId={businessId} type={type} />
      </Suspense>
    </div>
  );
}
