import type { FastifyInstance } from 'fastify';

export interface Background {
  /** Lines for the start-up banner (demo sign-in, mailbox address, ...). */
  banner: string[];
  stop(): Promise<void>;
}

/**
 * What runs beside the HTTP server after it listens: the demo seed outside production, the scheduled day and
 * month closes, rate feeds. Each part registers itself here.
 */
export async function startBackground(app: FastifyInstance): Promise<Background> {
  const stops: Array<() => Promise<void>> = [];
  const banner: string[] = [];
  void app;
  return {
    banner,
    async stop() {
      for (const stop of stops.reverse()) await stop();
    },
  };
}
