import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type SvgIcon from '@mui/material/SvgIcon';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import type { StaffMe } from '@pc/core/contracts/staff';
import type { StaffPermission } from '@pc/core/rules/staff-access';
import { mayDo } from '../lib/session.ts';

/**
 * The console's sections, in the sidebar's order: one entry each gives the navigation item, the route
 * (/operator/<path>), the permission that opens it and the page, which loads on first use. A section whose screens
 * are not built yet has no entry (decision 0161); Flagged sales (decision 0164) and Product settings (decision 0163)
 * came with their screens, each as one more entry before Audit log.
 */
export interface ConsoleSection {
  /** `nav.<key>` of the console namespace: the item's label and the page's title. */
  key: 'overview' | 'payouts' | 'partners' | 'content' | 'flagged' | 'settings' | 'audit' | 'staff' | 'tokens';
  path: string;
  /** The section has pages under its path (/payouts/42): its page routes them itself. */
  nested?: boolean;
  permission: StaffPermission;
  icon: typeof SvgIcon;
  page: LazyExoticComponent<ComponentType>;
}

export const SECTIONS: readonly ConsoleSection[] = [
  { key: 'overview', path: 'overview', permission: 'overview.read', icon: SpaceDashboardOutlined, page: lazy(() => import('../features/overview/pages/OverviewPage.tsx')) },
  { key: 'payouts', path: 'payouts', nested: true, permission: 'payouts.read', icon: PaymentsOutlined, page: lazy(() => import('../features/payouts/pages/PayoutsPage.tsx')) },
  { key: 'partners', path: 'partners', nested: true, permission: 'partners.read', icon: HandshakeOutlined, page: lazy(() => import('../features/partners/pages/PartnersPage.tsx')) },
  { key: 'content', path: 'content', nested: true, permission: 'content.write', icon: CampaignOutlined, page: lazy(() => import('../features/content/pages/ContentPage.tsx')) },
  { key: 'flagged', path: 'flagged', nested: true, permission: 'flagged.read', icon: FlagOutlined, page: lazy(() => import('../features/flagged/pages/FlaggedSalesPage.tsx')) },
  { key: 'settings', path: 'settings', permission: 'settings.read', icon: TuneOutlined, page: lazy(() => import('../features/settings/pages/SettingsPage.tsx')) },
  { key: 'audit', path: 'audit', permission: 'audit.read', icon: HistoryOutlined, page: lazy(() => import('../features/audit/pages/AuditPage.tsx')) },
  { key: 'staff', path: 'staff', permission: 'staff.manage', icon: GroupOutlined, page: lazy(() => import('../features/staff/pages/StaffPage.tsx')) },
  { key: 'tokens', path: 'tokens', permission: 'tokens.manage', icon: KeyOutlined, page: lazy(() => import('../features/tokens/pages/TokensPage.tsx')) },
];

/** The sections the member's role opens, in order. */
export function sectionsOf(me: StaffMe | null): ConsoleSection[] {
  return SECTIONS.filter((section) => mayDo(me, section.permission));
}
