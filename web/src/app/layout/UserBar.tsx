import { useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { usePrerendering } from '../../lib/prerendering.ts';
import ExpandMoreOutlined from '@mui/icons-material/ExpandMoreOutlined';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ArrowForward from '@mui/icons-material/ArrowForward';
import type { SvgIconComponent } from '@mui/icons-material';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, NO_VALUE } from '../../lib/format.ts';
import type { CurrentUser } from '../../lib/session.ts';
import { useAvailableWithdrawal, useHoldInfo } from '../../features/balance/api/balance.ts';
import { useLatestNews } from './frame-reads.ts';
import { href } from '../../lib/routes.ts';

/** A labelled figure of the bar; without an icon (the phone's folded line) it is the label over the value alone. */
function Figure({
  icon: Icon,
  label,
  value,
  loading,
  testId,
}: {
  icon?: SvgIconComponent;
  label: string;
  value: string;
  loading?: boolean;
  testId: string;
}) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
      {Icon ? (
        <Box
          sx={{
            width: 38,
            height: 38,
            borderRadius: 2,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'rgba(30,136,229,0.08)',
            color: 'primary.main',
            flexShrink: 0,
          }}
        >
          <Icon fontSize="small" />
        </Box>
      ) : null}
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="div" noWrap={!Icon} sx={{ lineHeight: 1.25 }}>
          {label}
        </Typography>
        {loading ? (
          <Skeleton width={64} />
        ) : (
          <Typography sx={{ fontWeight: 700, fontSize: 16 }} data-testid={testId}>
            {value}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}

/**
 * The user bar: the partner with edit profile and my account, the balance figures and the latest news (its
 * title linking to the article, and its date). Figures come from the payouts calls and show a dash when those do
 * not answer; the news says "No news yet" when there is none or the call fails, never made-up data. On a phone it
 * is folded into one line (balance and available) that opens the rest on a tap, so each page's title starts near
 * the top of the screen.
 */
export function UserBar({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('nav');
  const theme = useTheme();
  const available = useAvailableWithdrawal();
  const hold = useHoldInfo();
  const news = useLatestNews();
  const latest = news.data?.data[0];
  const money = (amount: number | null | undefined) =>
    typeof amount === 'number' ? formatMoney(amount) : NO_VALUE;
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [unfolded, setUnfolded] = useState(false);
  const folded = phone && !unfolded;
  // Drawn at build time for any screen: the phone's line and the details both, CSS showing what fits the width.
  const prerendering = usePrerendering();
  return (
    <Paper
      component="section"
      aria-label={t('user.barLabel')}
      data-testid="user-bar"
      sx={{
        p: { xs: 2, sm: 2.5 },
        mb: 3,
        display: 'grid',
        gap: { xs: 2, md: 3 },
        alignItems: 'center',
        gridTemplateColumns: {
          xs: '1fr',
          sm: '1fr 1fr',
          lg: 'minmax(220px, 1.1fr) 2fr minmax(220px, 1.1fr)',
        },
      }}
    >
      {phone || prerendering ? (
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', minWidth: 0, display: prerendering ? { xs: 'flex', sm: 'none' } : undefined }}
          data-testid="user-bar-line"
        >
          {[
            { label: t('user.balance'), value: available.data?.balance, testId: 'balance-total-line' },
            { label: t('user.available'), value: available.data?.amount, testId: 'balance-available-line' },
          ].map((figure) => (
            <Box key={figure.testId} sx={{ minWidth: 0, flex: 1 }}>
              <Figure label={figure.label} value={money(figure.value)} loading={available.isPending} testId={figure.testId} />
            </Box>
          ))}
          <IconButton
            onClick={() => setUnfolded((open) => !open)}
            aria-expanded={unfolded}
            aria-controls="user-bar-details"
            aria-label={unfolded ? t('user.fold') : t('user.unfold')}
            data-testid="user-bar-toggle"
          >
            <ExpandMoreOutlined
              sx={{ transform: unfolded ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
            />
          </IconButton>
        </Stack>
      ) : null}
      {folded ? null : (
        // Its parts stay the grid's own cells (display: contents); the id is what the phone's toggle controls.
        <Box id="user-bar-details" sx={{ display: prerendering ? { xs: 'none', sm: 'contents' } : 'contents' }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Avatar sx={{ width: 46, height: 46, bgcolor: 'secondary.main', fontWeight: 700 }}>
              {name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              {/* A page drawn at build time knows no partner (decision 0228): the name's line keeps its room. */}
              {name ? (
                <Typography sx={{ fontWeight: 700, textAlign: 'start' }} noWrap title={name} dir="auto">
                  {name}
                </Typography>
              ) : (
                <Skeleton width={120} />
              )}
              {/* Each link stays whole (Japanese has no spaces to break at): the second moves below when both do not fit. */}
              <Stack direction="row" useFlexGap sx={{ fontSize: 13, flexWrap: 'wrap', columnGap: 1.5 }}>
                <Link
                  component={RouterLink}
                  to={href('settings')}
                  underline="hover"
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {t('user.editProfile')}
                </Link>
                <Link
                  component={RouterLink}
                  to={href('settings', undefined, 'account')}
                  underline="hover"
                  sx={{ whiteSpace: 'nowrap' }}
                >
                  {t('user.myAccount')}
                </Link>
              </Stack>
            </Box>
          </Stack>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, minmax(0, 1fr))' },
              gridColumn: { sm: '1 / -1', lg: 'auto' },
              order: { sm: 3, lg: 0 },
            }}
          >
            <Figure
              icon={AccountBalanceWalletOutlined}
              label={t('user.balance')}
              value={money(available.data?.balance)}
              loading={available.isPending}
              testId="balance-total"
            />
            <Figure
              icon={SavingsOutlined}
              label={t('user.available')}
              value={money(available.data?.amount)}
              loading={available.isPending}
              testId="balance-available"
            />
            <Figure
              icon={HourglassEmptyOutlined}
              label={t('user.onHold')}
              value={money(hold.data?.amount)}
              loading={hold.isPending}
              testId="balance-hold"
            />
          </Box>
          {/* The news keeps room for its words; "more news" moves below it when the column is too narrow for both. */}
          <Stack
            direction="row"
            useFlexGap
            sx={{ alignItems: 'center', minWidth: 0, flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5 }}
          >
            <CampaignOutlined color="secondary" />
            <Box sx={{ minWidth: 0, flex: '1 1 120px' }}>
              <Typography variant="caption" color="text.secondary" component="div" noWrap>
                {t('user.latestNews')}
              </Typography>
              {news.isPending ? (
                <Skeleton width={140} />
              ) : latest ? (
                <>
                  <Link
                    component={RouterLink}
                    to={href('newsArticle', { id: latest.id })}
                    underline="hover"
                    color="text.primary"
                    variant="body2"
                    noWrap
                    title={latest.title}
                    lang={latest.lang}
                    dir="auto"
                    sx={{ display: 'block', fontWeight: latest.read ? 500 : 700, textAlign: 'start' }}
                    data-testid="latest-news"
                  >
                    {latest.title}
                  </Link>
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    component="time"
                    dateTime={latest.published_at}
                    sx={{ display: 'block' }}
                  >
                    {formatDate(latest.published_at)}
                  </Typography>
                </>
              ) : (
                <Typography variant="body2" noWrap>
                  {t('user.noNews')}
                </Typography>
              )}
            </Box>
            <Link
              component={RouterLink}
              to={href('news')}
              underline="hover"
              sx={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 0.5,
                fontSize: 13,
                fontWeight: 600,
                whiteSpace: 'nowrap',
              }}
            >
              {t('user.moreNews')}
              <ArrowForward
                sx={{ fontSize: 16, transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }}
              />
            </Link>
          </Stack>
        </Box>
      )}
    </Paper>
  );
}
