import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCurrentHandle } from '../../lib/route-context.ts';
import { PageBreadcrumbs } from './PageBreadcrumbs.tsx';
import { Freshness } from './Freshness.tsx';

interface PageLayoutProps {
  /** Defaults to the route's title (nav namespace). */
  title?: string;
  /** Buttons and switches beside the title (a period switch, an export). */
  actions?: ReactNode;
  /**
   * When the figures were answered (query dataUpdatedAt), for the "updated N seconds ago" stamp; 0 while they load
   * (the stamp's line is kept), undefined on a page without one.
   */
  updatedAt?: number | undefined;
  children?: ReactNode;
  /** false: no breadcrumbs (the operator console's pages, whose trail would lead into the partner app). */
  breadcrumbs?: boolean;
}

/** Every signed-in page: breadcrumbs, the title with its actions and freshness stamp, then the content. */
export function PageLayout({ title, actions, updatedAt, children, breadcrumbs = true }: PageLayoutProps) {
  const { t } = useTranslation('nav');
  const handle = useCurrentHandle();
  const pageTitle = title ?? (handle ? t(`pages.${handle.titleKey}`) : '');
  return (
    <Box component="section" aria-labelledby="page-title">
      {breadcrumbs ? <PageBreadcrumbs title={pageTitle} groupKey={handle?.groupKey} /> : null}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1.5, sm: 2 }}
        sx={{ mb: 3, alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" id="page-title" data-testid="page-title">
            {pageTitle}
          </Typography>
          {updatedAt === undefined ? null : <Freshness updatedAt={updatedAt} />}
        </Box>
        {actions ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            {actions}
          </Stack>
        ) : null}
      </Stack>
      {children}
    </Box>
  );
}
