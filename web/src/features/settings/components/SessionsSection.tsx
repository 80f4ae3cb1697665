import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ComputerOutlined from '@mui/icons-material/ComputerOutlined';
import PhoneIphoneOutlined from '@mui/icons-material/PhoneIphoneOutlined';
import TabletMacOutlined from '@mui/icons-material/TabletMacOutlined';
import { useTranslation } from 'react-i18next';
import type { SessionRow } from '@pc/core/contracts/settings';
import { ConfirmDialog } from '../../../components/feedback/ConfirmDialog.tsx';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { EmptyState, QueryBlock } from '../../../components/layout/QueryState.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useSessions } from '../api/get-sessions.ts';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions.ts';
import { useRevokeSession } from '../api/revoke-session.ts';
import { relativeTime } from './relative-time.ts';
import { describeUserAgent, type DeviceInfo } from './user-agent.ts';

const DEVICE_ICONS: Record<DeviceInfo['device'], typeof ComputerOutlined> = {
  desktop: ComputerOutlined,
  mobile: PhoneIphoneOutlined,
  tablet: TabletMacOutlined,
};

/** This device first, then the most recently active. */
const byRecency = (a: SessionRow, b: SessionRow) =>
  Number(b.current) - Number(a.current) || Date.parse(b.last_seen_at) - Date.parse(a.last_seen_at);

/** Active sessions: where the partner is signed in, and "sign out everywhere else". */
export function SessionsSection() {
  const { t } = useTranslation('settings');
  const sessions = useSessions();
  return (
    <QueryBlock
      query={sessions}
      height={180}
      isEmpty={(data) => data.data.length === 0}
      empty={<EmptyState title={t('sessions.empty')} />}
    >
      {(data) => <SessionList rows={[...data.data].sort(byRecency)} />}
    </QueryBlock>
  );
}

function SessionList({ rows }: { rows: SessionRow[] }) {
  const { t } = useTranslation('settings');
  const [confirming, setConfirming] = useState(false);
  const others = rows.filter((row) => !row.current).length;
  const revoke = useRevokeOtherSessions({
    onSuccess: (answer) => feedback.snackbar(t('sessions.revoked', { count: answer.revoked })),
    onRefused: (error) => feedback.snackbar(error.serverMessage || t('sessions.revokeFailed')),
  });
  // One session to sign out (any one but this browser's, which signs out from the top bar): asked first.
  const [ending, setEnding] = useState<SessionRow | null>(null);
  const endOne = useRevokeSession({
    onSuccess: () => feedback.snackbar(t('sessions.ended')),
    onRefused: (error) => feedback.snackbar(error.serverMessage || t('sessions.endFailed')),
  });
  const now = Date.now();
  return (
    <>
      <Stack component="ul" spacing={0} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('sessions.title')}>
        {rows.map((row) => (
          <SessionItem
            key={row.id}
            row={row}
            now={now}
            ending={endOne.isPending && endOne.variables === row.id}
            onEnd={row.current ? undefined : () => setEnding(row)}
          />
        ))}
      </Stack>
      <Box sx={{ mt: 2 }}>
        {others ? null : (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="no-other-sessions">
            {t('sessions.noOthers')}
          </Typography>
        )}
        <Button
          variant="outlined"
          color="error"
          disabled={!others}
          loading={revoke.isPending}
          onClick={() => setConfirming(true)}
          data-testid="revoke-others"
        >
          {t('sessions.revokeOthers')}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t('sessions.confirmTitle')}
        message={t('sessions.confirmMessage', { count: others })}
        confirmLabel={t('sessions.revokeOthers')}
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          revoke.mutate();
        }}
      />
      <ConfirmDialog
        open={ending !== null}
        title={t('sessions.endTitle')}
        message={ending ? t('sessions.endMessage', { device: deviceName(ending, t) }) : ''}
        confirmLabel={t('sessions.end')}
        danger
        onCancel={() => setEnding(null)}
        onConfirm={() => {
          if (ending) endOne.mutate(ending.id);
          setEnding(null);
        }}
      />
    </>
  );
}

/** "Chrome on Windows", or what the user agent lets us say. */
function deviceName(row: SessionRow, t: (key: string, params?: Record<string, string>) => string): string {
  const info = describeUserAgent(row.user_agent);
  return info.browser && info.os
    ? t('sessions.browserOn', { browser: info.browser, os: info.os })
    : info.browser || (info.os ? t('sessions.browserOn', { browser: t('sessions.aBrowser'), os: info.os }) : t('sessions.unknownDevice'));
}

function SessionItem({ row, now, onEnd, ending }: { row: SessionRow; now: number; onEnd: (() => void) | undefined; ending: boolean }) {
  const { t } = useTranslation('settings');
  const info = describeUserAgent(row.user_agent);
  const Icon = DEVICE_ICONS[info.device];
  const device = deviceName(row, t);
  return (
    <Box
      component="li"
      data-testid="session"
      data-current={row.current || undefined}
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        py: 1.5,
        borderBottom: '1px solid',
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Icon color={row.current ? 'primary' : 'action'} sx={{ mt: 0.25, flexShrink: 0 }} aria-hidden />
      <Box sx={{ minWidth: 0, flex: '1 1 auto' }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }} title={row.user_agent}>
            {device}
          </Typography>
          {row.current ? <Chip size="small" color="primary" label={t('sessions.current')} /> : null}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('sessions.ip')} <bdi>{row.ip}</bdi>
          {' · '}
          {row.current ? (
            t('sessions.activeNow')
          ) : (
            <Tooltip title={formatDateTime(row.last_seen_at)} describeChild>
              <span data-testid="last-seen">
                {t('sessions.lastSeen', { when: relativeTime(row.last_seen_at, now) })}
              </span>
            </Tooltip>
          )}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {t('sessions.signedIn', { date: formatDateTime(row.created_at) })}
        </Typography>
      </Box>
      {onEnd ? (
        <Button size="small" color="error" onClick={onEnd} loading={ending} sx={{ flexShrink: 0, alignSelf: 'center' }} data-testid="end-session">
          {t('sessions.end')}
        </Button>
      ) : null}
    </Box>
  );
}
