/**
 * Keeps a crashing element from becoming a blank box: shows a translated message and sends `ec-error`.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { translator } from '../i18n/i18n.js';
import type { Language } from '../i18n/language.js';
import { emit } from './emit.js';

interface ElementErrorBoundaryProps {
  host: HTMLElement;
  tag: string;
  language: Language;
  children: ReactNode;
}

interface ElementErrorBoundaryState {
  error: Error | null;
}

/** Error boundary wrapping every element. */
export class ElementErrorBoundary extends Component<ElementErrorBoundaryProps, ElementErrorBoundaryState> {
  override state: ElementErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ElementErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    emit(this.props.host, 'ec-error', { source: this.props.tag, message: error.message });
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const t = translator(this.props.language);
    return (
      <div className="ec-crash" role="alert" part="error">
        <strong>{t('element.crashed')}</strong>
        <div>{t('element.crashed-detail', { message: error.message })}</div>
      </div>
    );
  }
}
