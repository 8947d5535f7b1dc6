/**
 * The configuration view (shell §2 `config-view/:id`; rules §4 configuration method): every setting in force for the
 * domain (`V4/web.domain.config.view`), with where it comes from (global policy, template or the domain itself) and,
 * for a template-bound domain, which settings differ from the domain's own and how. Read-only: each setting is
 * changed on its tab, or by changing the configuration method above.
 */
import { Checkbox } from 'primereact/checkbox';
import { useEffect, useId, useMemo, useState } from 'react';
import { getEffectiveConfiguration, type EffectiveConfiguration, type EffectiveSetting } from '../../../../core/api/endpoints/domain-settings.js';
import { useElement, useT } from '../../../../core/ui/element-context.js';
import { FastTable, type FastColumn } from '../../../../core/ui/parts/fast-table.js';
import { EmptyState, ErrorState, LoadingState } from '../../../../core/ui/parts/state-views.js';
import { StatusTag, type StatusSetting } from '../../../../core/ui/parts/status-tag.js';
import type { TabProps } from '../tab-module.js';
import { groupLabelKey, readableValue } from './readable.js';

export const namespaces = [] as const;

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; answer: EffectiveConfiguration };

export default function ConfigTab({ context }: TabProps) {
  const { client } = useElement();
  const t = useT('domain-console');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [onlyDiffers, setOnlyDiffers] = useState(false);
  const filterId = useId();

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    getEffectiveConfiguration(client, context.id, { signal: controller.signal }).then(
      (answer) => setLoad({ status: 'ready', answer }),
      () => !controller.signal.aborted && setLoad({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [client, context.id, attempt]);

  const answer = load.status === 'ready' ? load.answer : null;
  const bound = answer?.config_method.source === 'template';
  const sources: StatusSetting[] = useMemo(
    () => [
      { value: 'global', label: t('config.view.source.global'), color: 'info' },
      { value: 'template', label: t('config.view.source.template'), color: 'warning' },
      { value: 'domain', label: t('config.view.source.domain'), color: 'neutral' },
    ],
    [t],
  );
  const columns = useMemo(() => {
    const list: FastColumn<EffectiveSetting>[] = [
      { key: 'setting', header: t('config.view.column.setting'), cell: (row) => t(groupLabelKey(row.group)) },
      { key: 'value', header: t('config.view.column.value'), cell: (row) => readableValue(row.group, row.value, t) },
      { key: 'source', header: t('config.view.column.source'), cell: (row) => <StatusTag settings={sources} value={row.source} /> },
    ];
    if (bound) {
      list.push({
        key: 'template',
        header: t('config.view.column.template'),
        cell: (row) =>
          row.differs_from_template ? (
            <span className="ec-config-diff">
              <strong>{t('config.view.differs')}</strong>
              <span className="ec-muted">{t('config.view.domain-value', { value: readableValue(row.group, row.domain_value, t) })}</span>
            </span>
          ) : (
            <span className="ec-muted">{t('config.view.same')}</span>
          ),
      });
    }
    return list;
  }, [t, sources, bound]);

  if (load.status === 'loading') return <LoadingState message={t('config.view.loading')} />;
  if (load.status === 'failed' || !answer) return <ErrorState message={t('config.view.failed')} onRetry={() => setAttempt((count) => count + 1)} />;

  const method = answer.config_method;
  const differing = answer.settings.filter((setting) => setting.differs_from_template);
  const rows = bound && onlyDiffers ? differing : answer.settings;
  return (
    <section className="ec-stack" part="config-view" aria-labelledby={`${filterId}-title`}>
      <h3 id={`${filterId}-title`} className="ec-settings-group-title">
        {t('config.view.title')}
      </h3>
      <p className="ec-muted">{t(`config.view.summary.${method.source}`, { name: method.template_name })}</p>
      {bound && (
        <div className="ec-row">
          <Checkbox inputId={filterId} checked={onlyDiffers} onChange={(event) => setOnlyDiffers(event.checked === true)} />
          <label htmlFor={filterId}>{t('config.view.only-differs')}</label>
          <span className="ec-muted" role="status">
            {t('config.view.differ-count', { count: differing.length })}
          </span>
        </div>
      )}
      {rows.length === 0 ? (
        <EmptyState message={t('config.view.none-differ')} />
      ) : (
        <FastTable rows={rows} rowKey={(row) => row.group} columns={columns} label={t('config.view.table-label', { domain: context.info.domain })} />
      )}
    </section>
  );
}
