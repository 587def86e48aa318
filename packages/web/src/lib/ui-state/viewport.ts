import { signal } from '@preact/signals-react';

/** The layout is mobile under 899.92 px; resizes are debounced by 200 ms. */
export const MOBILE_BREAKPOINT_PX = 899.92;
export const RESIZE_DEBOUNCE_MS = 200;

export function measureIsMobile(): boolean {
  return typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT_PX;
}

/** The spec's misc `isMobile` flag. Components read it with `useSignals()`. */
export const isMobile = signal<boolean>(measureIsMobile());

/** Keeps `isMobile` in step with the window, debounced so a drag-resize re-renders once. */
export function startViewportTracking(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      isMobile.value = measureIsMobile();
    }, RESIZE_DEBOUNCE_MS);
  };
  window.addEventListener('resize', onResize);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('resize', onResize);
  };
}
