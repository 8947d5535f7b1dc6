/**
 * The actions cell of both template lists (acceleration templates and configuration templates): edit (view when the
 * caller may not change templates), the list's own way to use a template (bind it to websites, or apply it to them),
 * copy (refused, with the reason, on a plan without template copy: rules §6) and delete; read-only callers see why
 * they cannot change anything.
 */
import type { TFunction } from 'i18next';
import { gateRow } from '../../../core/config/plan-gates.js';
import { ReadOnlyMark } from '../../../core/ui/parts/read-only.js';

/** What a row's actions do; `use` is the list's own action (bind or apply), with its label and accessible name. */
export interface TemplateActionsProps {
  name: string;
  t: TFunction;
  tRules: TFunction;
  mayChange: boolean;
  copyAllowed: boolean;
  use: { label: string; ariaLabel: string; onClick: () => void };
  onOpen: () => void;
  onCopy: () => void;
  onDelete: () => void;
}

/** The actions of one template row. */
export function TemplateActions({ name, t, tRules, mayChange, copyAllowed, use, onOpen, onCopy, onDelete }: TemplateActionsProps) {
  return (
    <div className="ec-row-actions">
      <button type="button" className="ec-link" aria-label={t(mayChange ? 'action.edit-of' : 'action.view-of', { name })} onClick={onOpen}>
        {mayChange ? t('action.edit') : t('action.view')}
      </button>
      {mayChange ? (
        <>
          <button type="button" className="ec-link" aria-label={use.ariaLabel} onClick={use.onClick}>
            {use.label}
          </button>
          <button
            type="button"
            className="ec-link"
            aria-label={t('action.copy-of', { name })}
            aria-disabled={!copyAllowed || undefined}
            title={copyAllowed ? undefined : tRules(gateRow('template_copy').message)}
            onClick={copyAllowed ? onCopy : undefined}
          >
            {t('action.copy')}
          </button>
          <button type="button" className="ec-link ec-danger-link" aria-label={t('action.delete-of', { name })} onClick={onDelete}>
            {t('action.delete')}
          </button>
        </>
      ) : (
        <ReadOnlyMark reason={t('read-only')} />
      )}
    </div>
  );
}
