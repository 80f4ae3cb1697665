import type { SvgIconComponent } from '@mui/icons-material';
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import SmartDisplayOutlined from '@mui/icons-material/SmartDisplayOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import MonetizationOnOutlined from '@mui/icons-material/MonetizationOnOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import HandshakeOutlined from '@mui/icons-material/HandshakeOutlined';
import type { ProjectId } from '@pc/core/projects';
import { href } from '../../lib/routes.ts';

export interface NavLeaf {
  /** nav:pages.<key> */
  key: string;
  to: string;
  icon?: SvgIconComponent;
  /** A link into a page (an anchor) that is never shown as the current page. */
  plain?: boolean;
}

export interface NavGroup {
  key: string;
  icon: SvgIconComponent;
  children: NavLeaf[];
}

/** The sidebar (docs/product.md#frame-and-navigation): dashboard, video player, payouts, a group per project, affiliate programs. */
export const MAIN_ITEMS: NavLeaf[] = [
  { key: 'dashboard', to: href('dashboard'), icon: SpaceDashboardOutlined },
  { key: 'videoPlayer', to: href('videoPlayer'), icon: SmartDisplayOutlined },
  { key: 'payouts', to: href('payouts'), icon: PaymentsOutlined },
];

export function projectItems(app: ProjectId): Array<NavLeaf | NavGroup> {
  return [
    {
      key: 'statistics.title',
      icon: QueryStatsOutlined,
      children: [
        { key: 'statistics.detailed', to: href('statisticsDetailed', { app }) },
        { key: 'statistics.files', to: href('statisticsFiles', { app }) },
        { key: 'statistics.videos', to: href('videos', { app }) },
        { key: 'statistics.sales', to: href('statisticsSales', { app }) },
        { key: 'statistics.sources', to: href('statisticsSources', { app }) },
        { key: 'statistics.tags', to: href('statisticsTags', { app }) },
        { key: 'statistics.filesCopies', to: href('statisticsFilesCopies', { app }) },
      ],
    },
    { key: 'earnings', to: href('earnings', { app }), icon: MonetizationOnOutlined },
    { key: 'gold', to: href('gold', { app }), icon: WorkspacePremiumOutlined },
    { key: 'sites', to: href('sites', { app }), icon: PublicOutlined },
    { key: 'buyers', to: href('buyers', { app }), icon: ShoppingCartOutlined },
    { key: 'referrals', to: href('referrals', { app }), icon: GroupOutlined },
    { key: 'rates', to: href('rates', { app }), icon: TuneOutlined },
  ];
}

export const PROGRAMS_ITEM: NavLeaf = { key: 'affiliatePrograms', to: href('dashboard', undefined, 'programs'), icon: HandshakeOutlined, plain: true };

export function isGroup(item: NavLeaf | NavGroup): item is NavGroup {
  return 'children' in item;
}
