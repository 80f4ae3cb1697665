import type { ProjectId } from '@pc/core/projects';
import { createStore } from './store.ts';

/**
 * A screen asks to activate a project's programme; the signed-in frame owns the confirmation and the call
 * (one flow for the sidebar and every screen, and no feature imports another).
 */
export const activationRequests = createStore<{ project: ProjectId; seq: number } | null>(null);

let seq = 0;
export function requestActivation(project: ProjectId) {
  seq += 1;
  activationRequests.set({ project, seq });
}
