import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
import { Panel, QueryBlock, type BlockHeight } from '../../../components/layout/QueryState.tsx';
import { useProductSettings } from '../../../lib/product-settings.ts';
import { useSettings } from '../api/get-settings.ts';
import { useAlertSettings } from '../api/get-alert-settings.ts';
import { useBusinessDetails } from '../api/get-business-details.ts';
import { AlertsSection } from '../components/AlertsSection.tsx';
import { BusinessSection } from '../components/BusinessSection.tsx';
import { PasswordSection } from '../components/PasswordSection.tsx';
import { PersonalSection } from '../components/PersonalSection.tsx';
import { SecondFactorSection } from '../components/SecondFactorSection.tsx';
import { SecuritySection } from '../components/SecuritySection.tsx';
import { SessionsSection } from '../components/SessionsSection.tsx';

/**
 * Each section's height while it loads: what it takes once drawn, in one column on a phone and a tablet and in two
 * from md, so that the sections below do not move when it arrives (decision 0219). Measured in English with the
 * demo partner's settings.
 */
const LOADING_HEIGHTS = {
  personal: { xs: 393, sm: 294, md: 314 },
  business: { xs: 439, sm: 340 },
  security: { xs: 694, sm: 495, md: 535 },
  secondFactor: { xs: 359, sm: 299, md: 339 },
  alerts: { xs: 508, sm: 388, md: 468 },
} satisfies Record<string, BlockHeight>;

/** Settings (docs/product.md#security, Settings screen): personal info, password, security options and the active sessions. */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const { t: ts } = useTranslation('statements');
  const settings = useSettings();
  const business = useBusinessDetails();
  const product = useProductSettings();
  const alerts = useAlertSettings();
  return (
    <PageLayout>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, sm: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        <Panel id="settings-personal" title={t('personal.title')}>
          <QueryBlock query={settings} height={LOADING_HEIGHTS.personal}>
            {(data) => <PersonalSection settings={data} />}
          </QueryBlock>
        </Panel>
        <Panel id="settings-business" title={ts('screen.business.title')}>
          <QueryBlock query={business} height={LOADING_HEIGHTS.business}>
            {(data) => <BusinessSection details={data} />}
          </QueryBlock>
        </Panel>
        <Panel id="settings-password" title={t('password.title')}>
          <PasswordSection />
        </Panel>
        <Panel id="settings-security" title={t('security.title')}>
          <QueryBlock query={settings} height={LOADING_HEIGHTS.security}>
            {(data) => (
              <QueryBlock query={product} height={LOADING_HEIGHTS.security}>
                {(productSettings) => <SecuritySection settings={data} product={productSettings} />}
              </QueryBlock>
            )}
          </QueryBlock>
        </Panel>
        <Panel id="settings-second-factor" title={t('secondFactor.title')}>
          <QueryBlock query={settings} height={LOADING_HEIGHTS.secondFactor}>
            {(data) => <SecondFactorSection email={data.email} />}
          </QueryBlock>
        </Panel>
        <Panel id="settings-sessions" title={t('sessions.title')}>
          <SessionsSection />
        </Panel>
        <Panel id="settings-alerts" title={t('alerts.title')}>
          <QueryBlock query={alerts} height={LOADING_HEIGHTS.alerts}>
            {(data) => <AlertsSection settings={data} />}
          </QueryBlock>
        </Panel>
      </Box>
    </PageLayout>
  );
}
