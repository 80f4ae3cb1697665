import { useParams } from 'react-router';
import type { ProjectId } from '@pc/core/projects';

/** The project of a /app/:app/... page; ProjectGuard has already checked it is known and active. */
export function useProject(): ProjectId {
  return useParams().app as ProjectId;
}
