import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PlansAnswer } from '@pc/core/contracts/plans';
import type { ProjectId } from '@pc/core/projects';
import { feedback } from '../../../components/feedback/feedback-store.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useSavePriceVariations } from '../api/save-price-variations.ts';
import { refusalMessage } from './refusal.ts';

/**
 * Custom premium prices: a few of the project's price variations for the buyers of the partner's files. The limit
 * is not shown (docs/product.md#rate-plans): once it is reached, the other boxes wait until one is unticked.
 */
export function PriceVariations({ app, variations, limit }: { app: ProjectId; variations: PlansAnswer['price_variations']; limit: number | undefined }) {
  const { t } = useTranslation('plans');
  const save = useSavePriceVariations(app);
  const [picked, setPicked] = useState<string[]>(variations.selected);
  const full = limit !== undefined && picked.length >= limit;
  const toggle = (id: string, on: boolean) =>
    setPicked((prev) => (on ? variations.available.filter((v) => v.id === id || prev.includes(v.id)).map((v) => v.id) : prev.filter((x) => x !== id)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(picked, { onSuccess: (answer) => feedback.snackbar(answer.message) });
  };
  if (variations.available.length === 0) return <Typography variant="body2">{t('variations.none')}</Typography>;
  const refusal = refusalMessage(save.error, t('error.save'));
  return (
    <Box component="form" onSubmit={submit} sx={{ display: 'grid', gap: 1.5 }} data-testid="price-variations">
      <Typography variant="body2">{t('variations.intro')}</Typography>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}>
        {variations.available.map((v) => {
          const on = picked.includes(v.id);
          return (
            <FormControlLabel
              key={v.id}
              control={<Checkbox checked={on} disabled={!on && full} onChange={(e) => toggle(v.id, e.target.checked)} />}
              label={t('variations.option', { count: v.days, price: formatMoney(v.price) })}
              data-testid={`variation-${v.id}`}
            />
          );
        })}
      </FormGroup>
      {full ? (
        <Typography variant="body2" color="text.secondary" data-testid="variations-full">
          {t('variations.full')}
        </Typography>
      ) : null}
      {refusal ? <Alert severity="error">{refusal}</Alert> : null}
      <Box>
        <Button type="submit" variant="contained" loading={save.isPending} data-testid="variations-save">
          {t('variations.save')}
        </Button>
      </Box>
    </Box>
  );
}
