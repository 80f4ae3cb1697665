import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AuditRow } from '@pc/core/contracts/staff';
import { NO_VALUE } from '../../../../lib/format.ts';
import { diffEntries, diffValue } from './diff.ts';

const code = { fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere' } as const;

/** A row's before → after: how many values changed, and the values themselves on demand. */
export function ChangeCell({ row }: { row: AuditRow }) {
  const { t } = useTranslation('console');
  const [open, setOpen] = useState(false);
  const entries = diffEntries(row.before, row.after);
  if (!entries.length) return <>{NO_VALUE}</>;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid={`audit-change-${row.id}`}>
        {t('audit.change.show', { count: entries.length })}
      </Button>
      {open ? (
        <Dialog open onClose={() => setOpen(false)} maxWidth="md" fullWidth aria-labelledby={`audit-change-${row.id}-title`}>
          <DialogTitle id={`audit-change-${row.id}-title`}>
            {t('audit.change.title')}{' '}
            <Box component="code" sx={code}>
              {row.action}
            </Box>
          </DialogTitle>
          <DialogContent>
            <Table size="small" data-testid="audit-diff">
              <TableHead>
                <TableRow>
                  <TableCell>{t('audit.change.field')}</TableCell>
                  <TableCell>{t('audit.change.before')}</TableCell>
                  <TableCell>{t('audit.change.after')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {entries.map((entry) => (
                  <TableRow key={entry.key}>
                    <TableCell sx={code}>{entry.key || NO_VALUE}</TableCell>
                    <TableCell sx={{ ...code, color: 'error.main' }}>{diffValue(entry.before) ?? NO_VALUE}</TableCell>
                    <TableCell sx={{ ...code, color: 'success.dark' }}>{diffValue(entry.after) ?? NO_VALUE}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
              {t('audit.change.note')}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t('actions.close')}</Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}
