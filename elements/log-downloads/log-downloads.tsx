/**
 * `<ec-log-downloads>`: log download tasks and templates (rules §2, §3 "Log download task", "Log template", §4, §5,
 * §9). The `view` attribute picks the list; the old layout's routes `logs/download` and `logs/template` each show one.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { cancelLogDownload, deleteLogDownloads, deleteLogTemplates, enableLogTemplate, logDownloadFilePath, type LogDownloadTask, type LogTemplate } from '../../core/api/endpoints/logs.js';
import type { JobInfo } from '../../core/api/endpoints/platform.js';
import { publishNotice } from '../../core/api/notices.js';
import { useElement } from '../../core/ui/element-context.js';
import { saveFile } from '../../core/ui/save-file.js';
import {
  LOG_DOWNLOAD_CANCELED_EVENT,
  LOG_DOWNLOAD_CREATED_EVENT,
  LOG_DOWNLOAD_DELETED_EVENT,
  LOG_TEMPLATE_DELETED_EVENT,
  LOG_TEMPLATE_SAVED_EVENT,
} from './events.js';
import { TaskDialog } from './parts/task-dialog.js';
import { TaskTable } from './parts/task-table.js';
import { TemplateDialog } from './parts/template-dialog.js';
import { TemplateTable } from './parts/template-table.js';
import { logDownloadsStoreFor } from './store.js';

/** Props of the component (attributes of the element). */
export interface LogDownloadsProps {
  /** `tasks` (default) or `templates`. */
  view?: 'tasks' | 'templates';
  /** Rows per page: 10 (default), 20, 50 or 100 (shell §9). */
  pageSize?: number;
}

/** The download tasks or templates. */
export function LogDownloads({ view = 'tasks', pageSize }: LogDownloadsProps) {
  useSignals();
  const { client, host, root, emit, namespace } = useElement();
  const store = logDownloadsStoreFor(host, { pageSize });
  const [followAttempt, setFollowAttempt] = useState(0);
  const dialog = store.dialog.value;
  const taskQuery = store.tasks.query.value;
  const templateQuery = store.templates.query.value;

  const reloadTasks = () => void store.tasks.reload(client);
  const reloadTemplates = () => void store.templates.reload(client);

  const onCreated = (job: JobInfo) => {
    store.setDialog(null);
    publishNotice({ severity: 'success', namespace, key: 'task.created', values: { name: (job.params as { name: string }).name } });
    emit(LOG_DOWNLOAD_CREATED_EVENT, { job });
    reloadTasks();
  };
  const onCancel = async (task: LogDownloadTask) => {
    try {
      await cancelLogDownload(client, task.id);
      emit(LOG_DOWNLOAD_CANCELED_EVENT, { id: task.id });
    } catch {
      // The client has shown why (the task finished meanwhile).
    } finally {
      reloadTasks();
    }
  };
  const onDelete = async (task: LogDownloadTask) => {
    try {
      await deleteLogDownloads(client, [task.id]);
      publishNotice({ severity: 'success', namespace, key: 'task.deleted', values: { name: task.params.name } });
      emit(LOG_DOWNLOAD_DELETED_EVENT, { ids: [task.id] });
    } catch {
      // The client has shown the server's reason.
    } finally {
      reloadTasks();
    }
  };
  const onDownload = async (task: LogDownloadTask) => {
    try {
      const file = await client.download(logDownloadFilePath(task.id));
      saveFile(root, file, task.result?.file_name ?? `${task.params.name}.${task.params.file_type}.gz`);
    } catch {
      // The client has shown why (the file expired, or the task is no longer the caller's to read).
      reloadTasks();
    }
  };
  const onTemplateSaved = (template: LogTemplate, created: boolean) => {
    store.setDialog(null);
    publishNotice({ severity: 'success', namespace, key: created ? 'template.created' : 'template.saved', values: { name: template.name } });
    emit(LOG_TEMPLATE_SAVED_EVENT, { template, created });
    reloadTemplates();
  };
  const onToggle = async (template: LogTemplate) => {
    try {
      const saved = await enableLogTemplate(client, template.id, !template.enabled);
      emit(LOG_TEMPLATE_SAVED_EVENT, { template: saved, created: false });
    } catch {
      // The client has shown the server's message.
    } finally {
      reloadTemplates();
    }
  };
  const onDeleteTemplate = async (template: LogTemplate) => {
    try {
      await deleteLogTemplates(client, [template.id]);
      publishNotice({ severity: 'success', namespace, key: 'template.deleted', values: { name: template.name } });
      emit(LOG_TEMPLATE_DELETED_EVENT, { id: template.id, name: template.name });
    } catch {
      // The client has shown why (a running task uses it).
    } finally {
      reloadTemplates();
    }
  };

  useEffect(() => store.applySettings({ pageSize }), [store, pageSize]);
  useEffect(() => {
    if (view === 'tasks') void store.tasks.reload(client);
  }, [store, client, view, taskQuery]);
  useEffect(() => {
    if (view === 'templates') void store.templates.reload(client);
  }, [store, client, view, templateQuery]);
  useEffect(() => (view === 'tasks' ? store.follow(client) : undefined), [store, client, view, followAttempt]);

  return (
    <div className="ec-root ec-stack ec-log-downloads">
      {view === 'tasks' ? (
        <TaskTable
          list={store.tasks}
          liveStopped={store.liveStopped.value}
          onReconnect={() => setFollowAttempt((count) => count + 1)}
          onRetry={reloadTasks}
          onCreate={() => store.setDialog({ kind: 'task' })}
          onCancel={(task) => void onCancel(task)}
          onDelete={(task) => void onDelete(task)}
          onDownload={(task) => void onDownload(task)}
        />
      ) : (
        <TemplateTable
          list={store.templates}
          onRetry={reloadTemplates}
          onCreate={() => store.setDialog({ kind: 'template', template: null })}
          onEdit={(template) => store.setDialog({ kind: 'template', template })}
          onToggle={(template) => void onToggle(template)}
          onDelete={(template) => void onDeleteTemplate(template)}
        />
      )}
      {dialog?.kind === 'task' && <TaskDialog onHide={() => store.setDialog(null)} onCreated={onCreated} />}
      {dialog?.kind === 'template' && <TemplateDialog editing={dialog.template} onHide={() => store.setDialog(null)} onSaved={onTemplateSaved} />}
    </div>
  );
}
