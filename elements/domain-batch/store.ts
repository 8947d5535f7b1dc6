/**
 * Per-instance store of `<ec-domain-batch>`: where the batch stands (typing, previewing the server's dry run,
 * showing the result), the server's findings on the form, and what the forms need (templates, groups, plan actions).
 */
import { batch, signal } from '@preact/signals-react';
import { ApiError, VALIDATION_FAILED_CODE, type FieldIssue } from '../../core/api/catalogue.js';
import type { ApiClient } from '../../core/api/client.js';
import { getPlanActions, type PlanActionsAnswer } from '../../core/api/endpoints/platform.js';
import { instanceStores } from '../../core/ui/instance-stores.js';
import {
  addWebsites,
  batchSetWebsites,
  deleteWebsites,
  listWebsiteGroups,
  listWebsiteTemplates,
  type WebsiteAddRequest,
  type WebsiteBatchAnswer,
  type WebsiteGroup,
  type WebsiteSelection,
  type WebsiteSettings,
  type WebsiteTemplate,
} from '../../core/api/endpoints/websites.js';

/** The three batch pages (rules §2: batch add, batch delete, batch setting). */
export type BatchMode = 'add' | 'delete' | 'setting';

/** What one batch submits. */
export type BatchRequest =
  | { mode: 'add'; body: Omit<WebsiteAddRequest, 'dry_run'> }
  | { mode: 'delete'; selection: WebsiteSelection }
  | { mode: 'setting'; selection: WebsiteSelection; settings: Partial<WebsiteSettings> };

/** Where the batch stands. */
export type BatchPhase = 'input' | 'preview' | 'result';

/** Creates a store; {@link domainBatchStoreFor} gives each element its own. */
export function createDomainBatchStore() {
  const phase = signal<BatchPhase>('input');
  const preview = signal<WebsiteBatchAnswer | null>(null);
  const result = signal<WebsiteBatchAnswer | null>(null);
  const sending = signal(false);
  /** The server's "Form verification failed" findings, shown on the form. */
  const serverIssues = signal<FieldIssue[]>([]);
  const templates = signal<WebsiteTemplate[] | null>(null);
  const groups = signal<WebsiteGroup[]>([]);
  const actions = signal<PlanActionsAnswer | null>(null);

  /** Loads templates, groups and plan actions; a failure leaves its part empty. */
  async function loadContext(client: ApiClient): Promise<void> {
    const [templateAnswer, groupAnswer, actionAnswer] = await Promise.allSettled([
      listWebsiteTemplates(client),
      listWebsiteGroups(client, { per_page: 500 }),
      getPlanActions(client),
    ]);
    batch(() => {
      templates.value = templateAnswer.status === 'fulfilled' ? templateAnswer.value.list : [];
      if (groupAnswer.status === 'fulfilled') groups.value = groupAnswer.value.list;
      actions.value = actionAnswer.status === 'fulfilled' ? actionAnswer.value : null;
    });
  }

  function call(client: ApiClient, request: BatchRequest, dryRun: boolean): Promise<WebsiteBatchAnswer> {
    if (request.mode === 'add') return addWebsites(client, { ...request.body, dry_run: dryRun });
    if (request.mode === 'delete') return deleteWebsites(client, { selection: request.selection, dry_run: dryRun });
    return batchSetWebsites(client, { selection: request.selection, settings: request.settings, dry_run: dryRun });
  }

  /**
   * Sends the batch: a dry run moves to the preview, a real one to the result. Answers the server's answer, or null
   * when it refused (validation findings land in `serverIssues`; other failures were shown by the client).
   */
  async function submit(client: ApiClient, request: BatchRequest, dryRun: boolean): Promise<WebsiteBatchAnswer | null> {
    sending.value = true;
    serverIssues.value = [];
    try {
      const answer = await call(client, request, dryRun);
      batch(() => {
        if (dryRun) preview.value = answer;
        else result.value = answer;
        phase.value = dryRun ? 'preview' : 'result';
      });
      return answer;
    } catch (error) {
      if (error instanceof ApiError && error.code === VALIDATION_FAILED_CODE) {
        batch(() => {
          serverIssues.value = (error.data as { errors?: FieldIssue[] } | undefined)?.errors ?? [];
          phase.value = 'input';
        });
      }
      return null;
    } finally {
      sending.value = false;
    }
  }

  /** Back to the form, keeping what was typed. */
  function edit(): void {
    batch(() => {
      phase.value = 'input';
      preview.value = null;
    });
  }

  /** A new batch. */
  function reset(): void {
    batch(() => {
      phase.value = 'input';
      preview.value = null;
      result.value = null;
      serverIssues.value = [];
    });
  }

  return { phase, preview, result, sending, serverIssues, templates, groups, actions, loadContext, submit, edit, reset };
}

/** The store type. */
export type DomainBatchStore = ReturnType<typeof createDomainBatchStore>;

const stores = instanceStores<DomainBatchStore>();

/** The store of one element, created on first use. */
export function domainBatchStoreFor(host: HTMLElement): DomainBatchStore {
  return stores(host, () => createDomainBatchStore());
}
