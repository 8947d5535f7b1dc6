/**
 * Saved queries of `<ec-log-retrieval>` (rules §2 "saved query", §3: name, description, statement; §5: name 4-50
 * characters): the panel lists them with run, edit and delete (confirmed); the dialog saves the current expression
 * with its log type, or changes one. A query the caller may not change (`editable` false, e.g. a sub-account's view of
 * its parent's queries) shows "view only" with the reason instead of edit and delete; it can still be run.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useId, useState } from 'react';
import { failureText, saveFailureOf, type FailureText, type FieldIssue } from '../../../core/api/catalogue.js';
import type { SavedQuery, SavedQueryInput } from '../../../core/api/endpoints/logs.js';
import { parseLogExpression } from '../../../core/logs/expression.js';
import { LOG_TYPE_LABEL_KEYS } from '../../../core/logs/field-labels.js';
import type { LogType } from '../../../core/logs/fields.js';
import { SAVED_QUERY_NAME_LENGTH, validateSavedQueryName } from '../../../core/rules/bans.js';
import { useT } from '../../../core/ui/element-context.js';
import { ConfirmPopover } from '../../../core/ui/parts/confirm-popover.js';
import { DialogFooter, EcDialog } from '../../../core/ui/parts/dialog.js';
import { ReadOnlyMark } from '../../../core/ui/parts/read-only.js';
import { EmptyState, ErrorState, LoadingState } from '../../../core/ui/parts/state-views.js';
import type { Loaded } from '../store.js';

/** Props of {@link SavedQueriesPanel}. */
export interface SavedQueriesPanelProps {
  queries: Loaded<SavedQuery[]>;
  onRun: (query: SavedQuery) => void;
  onEdit: (query: SavedQuery) => void;
  onDelete: (query: SavedQuery) => Promise<void>;
  onRetry: () => void;
}

/** The list of saved queries; `part="saved-queries"`. */
export function SavedQueriesPanel({ queries, onRun, onEdit, onDelete, onRetry }: SavedQueriesPanelProps) {
  const t = useT();
  const tCommon = useT('common');
  const tFields = useT('log-fields');
  const [failed, setFailed] = useState('');
  const failureMessage = (text: FailureText) => ('text' in text ? text.text : tCommon(text.key, text.values ?? {}));

  const body = () => {
    if (queries.status === 'loading') return <LoadingState message={t('saved.loading')} />;
    if (queries.status === 'error') return <ErrorState message={t('saved.load-failed')} onRetry={onRetry} />;
    if (queries.data.length === 0) return <EmptyState message={t('saved.empty')} />;
    return (
      <ul className="ec-saved-list">
        {queries.data.map((query) => (
          <li key={query.id} className="ec-saved-item" data-id={query.id}>
            <div className="ec-stack ec-saved-text">
              <span className="ec-saved-name">
                {query.name} <span className="ec-muted">{tFields(LOG_TYPE_LABEL_KEYS[query.log_type])}</span>
              </span>
              {query.description && <span className="ec-muted">{query.description}</span>}
              <code className="ec-saved-statement">{query.statement}</code>
            </div>
            <div className="ec-row ec-saved-actions">
              <Button type="button" outlined label={t('saved.run')} aria-label={t('saved.run-named', { name: query.name })} onClick={() => onRun(query)} />
              {query.editable ? (
                <>
                  <Button type="button" text label={tCommon('action.edit')} aria-label={t('saved.edit-named', { name: query.name })} onClick={() => onEdit(query)} />
                  <ConfirmPopover
                    message={t('saved.delete-confirm', { name: query.name })}
                    confirmLabel={tCommon('action.delete')}
                    danger
                    onConfirm={() => {
                      setFailed('');
                      onDelete(query).catch((error: unknown) => setFailed(failureMessage(failureText(error))));
                    }}
                  >
                    {(trigger) => <Button type="button" text severity="danger" label={tCommon('action.delete')} aria-label={t('saved.delete-named', { name: query.name })} {...trigger} />}
                  </ConfirmPopover>
                </>
              ) : (
                <ReadOnlyMark reason={t('saved.read-only')} />
              )}
            </div>
          </li>
        ))}
      </ul>
    );
  };

  return (
    <section className="ec-stack ec-saved-queries" part="saved-queries" aria-label={t('saved.title')}>
      <h2 className="ec-saved-title">{t('saved.title')}</h2>
      {failed && (
        <p className="ec-error-text" role="alert">
          {failed}
        </p>
      )}
      {body()}
    </section>
  );
}

/** Props of {@link SavedQueryDialog}. */
export interface SavedQueryDialogProps {
  /** What the dialog starts from: a query being changed, or a new one from the current tab and expression. */
  draft: SavedQueryInput | null;
  onHide: () => void;
  onSave: (input: SavedQueryInput) => Promise<SavedQuery>;
}

type FormField = 'name' | 'description' | 'statement';

/** The save form; `part="dialog"`. */
export function SavedQueryDialog({ draft, onHide, onSave }: SavedQueryDialogProps) {
  const t = useT();
  return (
    <EcDialog visible={draft !== null} onHide={onHide} header={draft?.id ? t('saved.edit-title') : t('saved.save-title')} footer={null}>
      {draft && <SavedQueryForm key={draft.id ?? 'new'} draft={draft} onHide={onHide} onSave={onSave} />}
    </EcDialog>
  );
}

function SavedQueryForm({ draft, onHide, onSave }: { draft: SavedQueryInput; onHide: () => void; onSave: SavedQueryDialogProps['onSave'] }) {
  const t = useT();
  const tRules = useT('rules');
  const tCommon = useT('common');
  const tFields = useT('log-fields');
  const ids = { form: useId(), name: useId(), description: useId(), statement: useId() };
  const [values, setValues] = useState({ name: draft.name, description: draft.description, statement: draft.statement });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssue[]>([]);
  const [failure, setFailure] = useState('');

  const localIssues = (): Partial<Record<FormField, string>> => {
    const found: Partial<Record<FormField, string>> = {};
    const name = validateSavedQueryName(values.name.trim());
    if (name) found.name = tRules(name.key, name.values ?? {});
    if (!values.statement.trim()) found.statement = t('saved.statement-required');
    else {
      const parsed = parseLogExpression(values.statement, draft.log_type);
      if (!parsed.ok) found.statement = tRules(parsed.issue.key, parsed.issue.values ?? {});
    }
    return found;
  };
  const issues: Partial<Record<FormField, string>> = submitted ? localIssues() : {};
  for (const issue of serverIssues) {
    if (issue.field === 'name' || issue.field === 'description' || issue.field === 'statement') issues[issue.field] ??= tRules(issue.key, issue.values ?? {});
  }

  const change = (field: FormField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerIssues((current) => current.filter((issue) => issue.field !== field));
  };

  const submit = async () => {
    setSubmitted(true);
    setFailure('');
    if (Object.keys(localIssues()).length > 0) return;
    setBusy(true);
    try {
      await onSave({ ...draft, name: values.name.trim(), description: values.description.trim(), statement: values.statement.trim() });
      onHide();
    } catch (error) {
      const outcome = saveFailureOf(error);
      setServerIssues(outcome.issues);
      if (outcome.message) setFailure('text' in outcome.message ? outcome.message.text : tCommon(outcome.message.key, outcome.message.values ?? {}));
      else if (!outcome.issues.some((issue) => ['name', 'description', 'statement'].includes(issue.field))) {
        setFailure(outcome.issues.map((issue) => tRules(issue.key, issue.values ?? {})).join(' '));
      }
    } finally {
      setBusy(false);
    }
  };

  const field = (name: FormField) => (issues[name] ? { 'aria-invalid': true, 'aria-describedby': `${ids[name]}-error`, className: 'p-invalid' } : {});
  const error = (name: FormField) =>
    issues[name] ? (
      <p id={`${ids[name]}-error`} className="ec-error-text">
        {issues[name]}
      </p>
    ) : null;

  return (
    <form
      id={ids.form}
      className="ec-stack ec-saved-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <p className="ec-muted">{t('saved.log-type', { type: tFields(LOG_TYPE_LABEL_KEYS[draft.log_type as LogType]) })}</p>
      <div className="ec-field">
        <label htmlFor={ids.name}>{t('saved.name')}</label>
        <InputText id={ids.name} value={values.name} onChange={(event) => change('name', event.target.value)} {...field('name')} />
        <small className="ec-muted">{t('saved.name-hint', { min: SAVED_QUERY_NAME_LENGTH.min, max: SAVED_QUERY_NAME_LENGTH.max })}</small>
        {error('name')}
      </div>
      <div className="ec-field">
        <label htmlFor={ids.description}>{t('saved.description')}</label>
        <InputTextarea id={ids.description} rows={2} value={values.description} onChange={(event) => change('description', event.target.value)} {...field('description')} />
        {error('description')}
      </div>
      <div className="ec-field">
        <label htmlFor={ids.statement}>{t('saved.statement')}</label>
        <InputTextarea
          id={ids.statement}
          rows={3}
          spellCheck={false}
          className={issues.statement ? 'p-invalid ec-saved-statement-input' : 'ec-saved-statement-input'}
          value={values.statement}
          onChange={(event) => change('statement', event.target.value)}
          aria-invalid={issues.statement ? true : undefined}
          aria-describedby={issues.statement ? `${ids.statement}-error` : undefined}
        />
        {error('statement')}
      </div>
      {failure && (
        <p className="ec-error-text" role="alert">
          {failure}
        </p>
      )}
      <DialogFooter onCancel={onHide} onConfirm={() => void submit()} confirmLabel={tCommon('action.save')} busy={busy} />
    </form>
  );
}
