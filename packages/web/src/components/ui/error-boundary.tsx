import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FatalError } from './fatal-error';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** What replaces the children after a failure; 'Ошибка, обновите страницу!' by default. */
  fallback?: ReactNode | ((error: unknown) => ReactNode);
  /** A change of this value (e.g. the page's path) clears the failure and renders the children again. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error: unknown;
  resetKey: unknown;
}

/** Catches a rendering failure anywhere below and shows 'Ошибка, обновите страницу!'. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error ?? new Error('Unknown render error') };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (Object.is(props.resetKey, state.resetKey)) return null;
    return { error: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Render failure', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const { fallback } = this.props;
    if (typeof fallback === 'function') return fallback(error);
    return fallback ?? <FatalError />;
  }
}
