import { createContext, use, useEffect, type ReactNode } from 'react';

/** The theme colour is light blue on the shell and darker blue on login and offline. */
export const THEME_COLORS = { shell: '#4fc3f7', entry: '#0b3d91' } as const;

const PortalNameContext = createContext<string>('');

export interface PortalNameProviderProps {
  name: string;
  children: ReactNode;
}

/** The portal's name (config `name`, or the translated fallback) for page titles. */
export function PortalNameProvider({ name, children }: PortalNameProviderProps) {
  return <PortalNameContext value={name}>{children}</PortalNameContext>;
}

export function usePortalName(): string {
  return use(PortalNameContext);
}

/** Page titles use the portal name: "Section · Portal", or the portal name alone. */
export function formatPageTitle(portalName: string, section?: string): string {
  if (!section) return portalName;
  return portalName ? `${section} · ${portalName}` : section;
}

export function usePageTitle(section?: string): void {
  const portalName = usePortalName();
  useEffect(() => {
    document.title = formatPageTitle(portalName, section);
  }, [portalName, section]);
}

export function useThemeColor(color: string): void {
  useEffect(() => {
    let meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'theme-color';
      document.head.append(meta);
    }
    meta.content = color;
  }, [color]);
}
