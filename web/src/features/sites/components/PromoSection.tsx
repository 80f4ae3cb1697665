import { useMemo, useState } from 'react';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Check from '@mui/icons-material/Check';
import { useTranslation } from 'react-i18next';
import { SITE_BANNER_SIZES, siteBannerHtml, siteBannerSvg, svgDataUri } from '@pc/core/rules/sites';
import { isSubId, taggedLink } from '@pc/core/rules/tags';
import { LoadingBlock, Panel, SectionTitle } from '../../../components/layout/QueryState.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { CopyField, useCopy } from '../../../components/copy/CopyField.tsx';

interface Banner {
  width: number;
  height: number;
  size: string;
  preview: string;
  html: string;
}

function BannerCard({ banner }: { banner: Banner }) {
  const { t } = useTranslation('sites');
  const [copied, copy] = useCopy();
  return (
    <Box data-testid={`banner-${banner.width}x${banner.height}`} sx={{ minWidth: 0, display: 'grid', gap: 1, alignContent: 'start' }}>
      <Typography variant="subtitle2" component="h3">
        {/* Width × height read left to right in every language. */}
        <Box component="span" dir="ltr" sx={{ display: 'inline-block' }}>
          {banner.size}
        </Box>
      </Typography>
      <Box
        component="img"
        src={banner.preview}
        width={banner.width}
        height={banner.height}
        alt={t('promo.preview', { size: banner.size })}
        sx={{ display: 'block', maxWidth: '100%', height: 'auto' }}
      />
      <Box>
        <Button
          size="small"
          variant="outlined"
          startIcon={copied ? <Check /> : <ContentCopy />}
          onClick={() => void copy(banner.html)}
          aria-label={copied ? t('verify.copied') : t('promo.copyHtmlLabel', { size: banner.size })}
          data-testid={`banner-${banner.width}x${banner.height}-copy`}
        >
          {copied ? t('verify.copied') : t('promo.copyHtml')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The promo link (the project's site with the partner's id) and banners in the standard sizes: self-contained
 * SVG images (data URIs, nothing downloaded) in the interface language, each with its HTML to copy.
 */
export function PromoSection({ link: plainLink, brand, loading }: { link: string | undefined; brand: string; loading: boolean }) {
  const { t, i18n } = useTranslation('sites');
  const rtl = i18n.dir() === 'rtl';
  // A sub-ID tag (decision 0206): the link and the banners carry `?sub=<tag>`, so the tags screen tells places apart.
  const [tag, setTag] = useState('');
  const tagValid = tag === '' || isSubId(tag);
  const link = plainLink && tag && tagValid ? taggedLink(plainLink, tag) : plainLink;
  const banners = useMemo<Banner[]>(() => {
    if (!link) return [];
    const text = { brand, headline: t('banner.headline'), action: t('banner.action'), rtl };
    return SITE_BANNER_SIZES.map(([width, height]) => ({
      width,
      height,
      size: t('promo.size', { width: formatNumber(width), height: formatNumber(height) }),
      preview: svgDataUri(siteBannerSvg(width, height, text)),
      html: siteBannerHtml(link, width, height, text),
    }));
  }, [link, brand, rtl, t]);
  return (
    <Panel title={t('promo.title')} id="sites-promo">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('promo.hint')}
      </Typography>
      <TextField
        label={t('promo.tag')}
        value={tag}
        onChange={(e) => setTag(e.target.value.trim())}
        error={!tagValid}
        helperText={tagValid ? t('promo.tagHint') : t('promo.tagInvalid')}
        size="small"
        fullWidth
        sx={{ mb: 2, maxWidth: 420 }}
        slotProps={{ htmlInput: { maxLength: 64, dir: 'ltr', 'data-testid': 'promo-tag', spellCheck: false } }}
      />
      {link ? <CopyField label={t('promo.link')} value={link} testId="promo-link" /> : loading ? <LoadingBlock height={56} /> : null}
      {banners.length ? (
        <>
          <SectionTitle>{t('promo.banners')}</SectionTitle>
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
            {banners.map((banner) => (
              <BannerCard key={banner.size} banner={banner} />
            ))}
          </Box>
        </>
      ) : null}
    </Panel>
  );
}
