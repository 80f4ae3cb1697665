import { ensureWebBuild } from './support.ts';

/**
 * Once per run, before any journey: the web build the journeys are served (built when missing or stale). The files
 * then run two at a time, and two of them finding a stale build would otherwise build it at once into one folder.
 */
export default function setup() {
  ensureWebBuild();
}
