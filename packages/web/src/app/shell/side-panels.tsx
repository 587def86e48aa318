import { useTranslation } from 'react-i18next';
import { SectionNav } from '../../components/layout/section-nav';
import { Panel } from '../../components/ui/panel';
import { OPEN_NEWS } from '../../lib/ui-state/main-tabs';
import { SECTIONS, type SectionKey } from '../sections';

export interface AppsPanelProps {
  variant?: 'list' | 'grid';
  /** In a titled card (the desktop column) or bare (the drawer, the mobile apps tab). */
  framed?: boolean;
  exclude?: readonly SectionKey[];
  onNavigate?: () => void;
}

/** The apps column: every section of the portal, one click away. */
export function AppsPanel({
  variant = 'list',
  framed = false,
  exclude = [],
  onNavigate,
}: AppsPanelProps) {
  const { t } = useTranslation('shell');
  const links = SECTIONS.filter((section) => !exclude.includes(section.key)).map((section) => ({
    to: section.path,
    label: t(`nav.${section.key}`),
    icon: section.icon,
    state: section.key === 'news' ? OPEN_NEWS : undefined,
  }));
  const nav = (
    <SectionNav label={t('sections')} links={links} variant={variant} onNavigate={onNavigate} />
  );
  if (!framed) return nav;
  return (
    <Panel title={t('sections')} icon="apps">
      {nav}
    </Panel>
  );
}
