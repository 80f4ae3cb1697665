import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitcher } from '../../components/LanguageSwitcher.tsx';
import { COLORS } from '../../lib/theme.ts';
import { useSwitchLanguage } from '../useSwitchLanguage.ts';
import { BrandMark } from '../../components/layout/BrandMark.tsx';

const FEATURES = [
  { key: 'statistics', Icon: InsightsOutlined },
  { key: 'payouts', Icon: PaymentsOutlined },
  { key: 'languages', Icon: TranslateOutlined },
] as const;

/** The frame of the sign-in pages: a brand panel (wide screens) and the form. */
export default function GuestLayout() {
  const { t, i18n } = useTranslation('auth');
  const switchLanguage = useSwitchLanguage();
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(380px, 5fr) 7fr' } }}>
      <Box
        component="aside"
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: 6,
          color: '#fff',
          background: `radial-gradient(circle at 20% 10%, rgba(30,136,229,0.35), transparent 45%), linear-gradient(160deg, ${COLORS.dark} 0%, ${COLORS.secondary} 100%)`,
        }}
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <BrandMark size={40} />
          <Typography sx={{ fontWeight: 700, fontSize: 20, wordBreak: 'keep-all' }}>{t('common:appName')}</Typography>
        </Stack>
        <Box sx={{ maxWidth: 440 }}>
          <Typography component="p" sx={{ fontSize: 30, fontWeight: 700, lineHeight: 1.25, mb: 2 }}>
            {t('brand.headline')}
          </Typography>
          <Typography sx={{ color: 'rgba(255,255,255,0.75)', mb: 4 }}>{t('brand.lead')}</Typography>
          <Stack spacing={2.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {FEATURES.map(({ key, Icon }) => (
              <Stack key={key} component="li" direction="row" spacing={2} sx={{ alignItems: 'center' }}>
                <Box sx={{ width: 40, height: 40, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: 'rgba(255,255,255,0.1)', flexShrink: 0 }}>
                  <Icon fontSize="small" />
                </Box>
                <Typography sx={{ color: 'rgba(255,255,255,0.9)' }}>{t(`brand.features.${key}`)}</Typography>
              </Stack>
            ))}
          </Stack>
        </Box>
        <Typography variant="caption" sx={{ color: 'rgba(255,255,255,0.55)' }}>
          {t('brand.footer', { year: new Date().getFullYear() })}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: { xs: 2, sm: 4 }, py: 2 }}>
          <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', display: { md: 'none' } }}>
            <BrandMark size={32} />
            <Typography sx={{ fontWeight: 700, wordBreak: 'keep-all' }}>{t('common:appName')}</Typography>
          </Stack>
          <Box sx={{ flex: 1 }} />
          <LanguageSwitcher value={i18n.language} onChange={(lang) => void switchLanguage(lang)} />
        </Stack>
        <Box component="main" id="main" sx={{ flex: 1, display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'center', px: 2, pb: 6, pt: { xs: 1, sm: 0 } }}>
          <Box sx={{ width: '100%', maxWidth: 440 }}>
            <Outlet />
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
