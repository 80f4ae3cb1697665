import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import AddCardOutlined from '@mui/icons-material/AddCardOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import PhonelinkEraseOutlined from '@mui/icons-material/PhonelinkEraseOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../../components/ReasonDialog.tsx';
import { refusalMessage } from '../../../lib/errors.ts';
import { mayDo, useMe } from '../../../lib/session.ts';
import { useBlockPartner } from '../api/block-partner.ts';
import { useResetSecondFactor } from '../api/reset-second-factor.ts';
import type { PartnerAnswer } from '../api/get-partner.ts';
import { useViewAs, type ViewAsAnswer } from '../api/view-as.ts';
import { IncomeDialog } from './IncomeDialog.tsx';

/**
 * What the member's role may do to the partner: block or unblock with a reason, and reset a lost second factor
 * (partners.block), additional income
 * (additional_income.write), and a read-only view of their cabinet in a new tab (partners.view_as). None: nothing shown.
 */
export function PartnerActions({ partner }: { partner: PartnerAnswer }) {
  const { t } = useTranslation('console');
  const me = useMe();
  const block = useBlockPartner();
  const viewAs = useViewAs();
  const [blocking, setBlocking] = useState(false);
  const [blockError, setBlockError] = useState<string | null>(null);
  const reset = useResetSecondFactor();
  const [resetting, setResetting] = useState(false);
  const [resetError, setResetError] = useState<string | null>(null);
  const [income, setIncome] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [view, setView] = useState<ViewAsAnswer | null>(null);
  const { id, email } = partner.profile;
  const blocked = partner.status.state === 'blocked';
  const mayBlock = mayDo(me, 'partners.block');
  const mayIncome = mayDo(me, 'additional_income.write');
  const mayView = mayDo(me, 'partners.view_as');
  if (!mayBlock && !mayIncome && !mayView) return null;

  const openView = () => {
    setRefusal(null);
    setView(null);
    // A tab opened at the click, before the call, is not taken for a pop-up; it goes to the link once it comes.
    const tab = window.open('', '_blank');
    viewAs.mutate(id, {
      onSuccess: (answer) => {
        if (tab) {
          tab.opener = null;
          tab.location.href = answer.url;
        }
        setView(answer);
      },
      onError: (error) => {
        tab?.close();
        setRefusal(refusalMessage(error, t('partners.viewAs.failed')));
      },
    });
  };

  return (
    <Box sx={{ mt: 1.5 }} data-testid="partner-actions">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {mayBlock ? (
          <Button
            size="small"
            variant="outlined"
            color={blocked ? 'primary' : 'error'}
            startIcon={blocked ? <LockOpenOutlined /> : <BlockOutlined />}
            onClick={() => {
              setBlockError(null);
              setBlocking(true);
            }}
            data-testid={blocked ? 'partner-unblock' : 'partner-block'}
          >
            {blocked ? t('partners.block.unblock') : t('partners.block.block')}
          </Button>
        ) : null}
        {mayBlock && partner.profile.second_factor.length > 0 ? (
          <Button
            size="small"
            variant="outlined"
            color="error"
            startIcon={<PhonelinkEraseOutlined />}
            onClick={() => {
              setResetError(null);
              setResetting(true);
            }}
            data-testid="partner-second-factor-reset"
          >
            {t('partners.secondFactor.button')}
          </Button>
        ) : null}
        {mayIncome ? (
          <Button size="small" variant="outlined" startIcon={<AddCardOutlined />} onClick={() => setIncome(true)} data-testid="partner-income">
            {t('partners.income.button')}
          </Button>
        ) : null}
        {mayView ? (
          <Button size="small" variant="outlined" startIcon={<VisibilityOutlined />} loading={viewAs.isPending} onClick={openView} data-testid="partner-view-as">
            {t('partners.viewAs.button')}
          </Button>
        ) : null}
      </Box>
      {notice ? (
        <Alert severity="success" sx={{ mt: 1.5 }} data-testid="partner-notice" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      ) : null}
      {refusal ? (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid="partner-refusal" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      ) : null}
      {view ? (
        <Alert severity="info" sx={{ mt: 1.5 }} data-testid="partner-view-link" onClose={() => setView(null)}>
          {t('partners.viewAs.opened', { minutes: Math.round(view.expires_in_seconds / 60) })}{' '}
          <Link href={view.url} target="_blank" rel="noopener noreferrer">
            {t('partners.viewAs.open')}
          </Link>
        </Alert>
      ) : null}
      <ReasonDialog
        open={blocking}
        danger={!blocked}
        title={blocked ? t('partners.block.unblockTitle', { email }) : t('partners.block.blockTitle', { email })}
        message={blocked ? t('partners.block.unblockMessage') : t('partners.block.blockMessage')}
        confirmLabel={blocked ? t('partners.block.unblock') : t('partners.block.block')}
        busy={block.isPending}
        error={blockError}
        onCancel={() => setBlocking(false)}
        onConfirm={(reason) =>
          block.mutate(
            { id, unblock: blocked, reason },
            {
              onSuccess: (answer) => {
                setBlocking(false);
                setNotice(blocked ? t('partners.block.unblocked') : t('partners.block.blocked', { count: answer.sessions_ended }));
              },
              onError: (error) => setBlockError(refusalMessage(error, t('partners.block.failed'))),
            },
          )
        }
      />
      <ReasonDialog
        open={resetting}
        danger
        title={t('partners.secondFactor.title', { email })}
        message={t('partners.secondFactor.message')}
        confirmLabel={t('partners.secondFactor.button')}
        busy={reset.isPending}
        error={resetError}
        onCancel={() => setResetting(false)}
        onConfirm={(reason) =>
          reset.mutate(
            { id, reason },
            {
              onSuccess: (answer) => {
                setResetting(false);
                setNotice(t('partners.secondFactor.done', { count: answer.sessions_ended }));
              },
              onError: (error) => setResetError(refusalMessage(error, t('partners.secondFactor.failed'))),
            },
          )
        }
      />
      {mayIncome ? <IncomeDialog open={income} partnerId={id} email={email} projects={partner.programs.map((p) => p.project)} onClose={() => setIncome(false)} /> : null}
    </Box>
  );
}
