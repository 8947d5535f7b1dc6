/**
 * The loading, empty and error states every element shows in place of its content, so each element says the same
 * thing the same way in both languages.
 */
import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { useT } from '../element-context.js';

/** Props of {@link LoadingState}. */
export interface LoadingStateProps {
  /** Translated text; default `state.loading`. */
  message?: string;
}

/** A polite status while data loads; `part="loading-state"`. */
export function LoadingState({ message }: LoadingStateProps) {
  const t = useT('common');
  return (
    <div className="ec-state" role="status" part="loading-state">
      <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {message ?? t('state.loading')}
    </div>
  );
}

/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  /** Translated text; default `state.empty`. */
  message?: string;
  /** Optional actions, e.g. an "Add" button. */
  children?: ReactNode;
}

/** The "no data" state of a list or chart; `part="empty-state"`. */
export function EmptyState({ message, children }: EmptyStateProps) {
  const t = useT('common');
  return (
    <div className="ec-state ec-state-empty" part="empty-state">
      <i className="pi pi-inbox" aria-hidden="true" />
      <p>{message ?? t('state.empty')}</p>
      {children}
    </div>
  );
}

/** Props of {@link ErrorState}. */
export interface ErrorStateProps {
  /** Translated text; default `state.load-failed`. */
  message?: string;
  /** Shows a retry button that calls this. */
  onRetry?: () => void;
}

/** A failed load, announced as an alert, with an optional retry; `part="error-state"`. */
export function ErrorState({ message, onRetry }: ErrorStateProps) {
  const t = useT('common');
  return (
    <div className="ec-state ec-state-error" role="alert" part="error-state">
      <p>{message ?? t('state.load-failed')}</p>
      {onRetry && <Button type="button" icon="pi pi-refresh" label={t('state.retry')} outlined onClick={onRetry} />}
    </div>
  );
}
