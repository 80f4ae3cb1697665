import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import { useUrlParams } from '../../../components/filters/url-state.ts';

/** The page of a list in the URL (?page=N), so that back/forward and shared links keep it. */
export function usePageParam(): [number, (page: number) => void] {
  const [params, update] = useUrlParams();
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw >= 1 && raw <= 100_000 ? raw : 1;
  return [page, (next: number) => update({ page: next > 1 ? next : null })];
}

/** Page links under a list; nothing when everything fits on one page. */
export function Pager({ label, page, total, perPage, onPage }: { label: string; page: number; total: number; perPage: number; onPage: (page: number) => void }) {
  const count = Math.ceil(total / perPage);
  if (count <= 1) return null;
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
      <Pagination
        count={count}
        page={Math.min(page, count)}
        onChange={(_, next) => {
          onPage(next);
          window.scrollTo?.({ top: 0 });
        }}
        siblingCount={0}
        color="primary"
        shape="rounded"
      />
    </Box>
  );
}
