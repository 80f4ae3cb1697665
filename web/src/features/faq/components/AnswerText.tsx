import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * An answer as the translators write it: paragraphs separated by a blank line; lines starting with "- " form a
 * list. Plain text only (React escapes it): no markup comes from the texts.
 */
export function AnswerText({ text }: { text: string }) {
  const blocks = text.split(/\n\s*\n/).filter((b) => b.trim());
  return (
    <>
      {blocks.map((block, i) => {
        const lines = block.split('\n').filter((l) => l.trim());
        const items = lines.filter((l) => l.trimStart().startsWith('- '));
        const lead = lines.filter((l) => !l.trimStart().startsWith('- '));
        return (
          <Box key={i} sx={{ '& + &': { mt: 1.5 } }}>
            {lead.map((line, j) => (
              <Typography key={j} variant="body2" component="p" sx={{ m: 0, lineHeight: 1.65 }}>
                {line}
              </Typography>
            ))}
            {items.length ? (
              <Box component="ul" sx={{ m: 0, mt: lead.length ? 0.75 : 0, paddingInlineStart: 3 }}>
                {items.map((line, j) => (
                  <Typography
                    key={j}
                    variant="body2"
                    component="li"
                    sx={{ lineHeight: 1.65, '& + &': { mt: 0.5 } }}
                  >
                    {line.trimStart().slice(2)}
                  </Typography>
                ))}
              </Box>
            ) : null}
          </Box>
        );
      })}
    </>
  );
}
