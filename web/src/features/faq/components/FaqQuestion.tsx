import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LinkIcon from '@mui/icons-material/Link';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FAQ_SCREEN_LINKS } from '../catalogue.ts';
import { AnswerText } from './AnswerText.tsx';

export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
}

/** One question: its summary opens the answer; the answer ends with "Copy link" (/faq#<id>). */
export function FaqQuestion({
  entry,
  expanded,
  onToggle,
  onCopyLink,
}: {
  entry: FaqEntry;
  expanded: boolean;
  onToggle: (id: string, open: boolean) => void;
  onCopyLink: (entry: FaqEntry) => void;
}) {
  const { t } = useTranslation('faq');
  return (
    <Accordion
      id={entry.id}
      expanded={expanded}
      onChange={(_e, open) => onToggle(entry.id, open)}
      disableGutters
      elevation={0}
      data-testid="faq-question"
      sx={{
        // The sticky app bar must not cover a question the page scrolls to.
        scrollMarginTop: 88,
        border: 1,
        borderColor: 'divider',
        '&:not(:last-of-type)': { borderBottom: 0 },
        '&::before': { display: 'none' },
        '&:first-of-type': { borderStartStartRadius: 8, borderStartEndRadius: 8 },
        '&:last-of-type': { borderEndStartRadius: 8, borderEndEndRadius: 8 },
      }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        aria-controls={`${entry.id}-answer`}
        id={`${entry.id}-question`}
        sx={{ px: { xs: 1.5, sm: 2 }, '& .MuiAccordionSummary-content': { my: 1.5, minWidth: 0 } }}
      >
        <Typography component="h3" sx={{ fontWeight: 600, fontSize: 15, overflowWrap: 'anywhere' }}>
          {entry.question}
        </Typography>
      </AccordionSummary>
      {/* MUI wraps the details in the region (id = the summary's aria-controls, labelled by the summary). */}
      <AccordionDetails
        sx={{ px: { xs: 1.5, sm: 2 }, pt: 0, pb: 1.5, overflowWrap: 'anywhere' }}
        data-testid="faq-answer"
      >
        <AnswerText text={entry.answer} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
          {(FAQ_SCREEN_LINKS[entry.id] ?? []).map((link) => (
            <Button key={link.label} size="small" variant="outlined" component={RouterLink} to={link.to} data-testid="faq-screen-link">
              {t(link.label)}
            </Button>
          ))}
          <Button
            size="small"
            startIcon={<LinkIcon />}
            onClick={() => onCopyLink(entry)}
            aria-label={t('copyLinkTo', { question: entry.question })}
            data-testid="faq-copy-link"
          >
            {t('copyLink')}
          </Button>
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
