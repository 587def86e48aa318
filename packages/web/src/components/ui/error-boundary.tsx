import { Component, type ErrorInfo, type ReactNode } from 'react';
import { FatalError } from './fatal-error';

export interface ErrorBoundaryProps {
  children: ReactNode;
  fallback?: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
}

/** Catches a rendering failure anywhere below and shows 'Ошибка, обновите страницу!'. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error ?? new Error('Unknown render error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Render failure', error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.error !== undefined) return this.props.fallback ?? <FatalError />;
    return this.props.children;
  }
}
