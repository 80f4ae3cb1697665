import { sql } from 'drizzle-orm';
import type { ProjectId } from '@pc/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';

/** 403 unless the partner's programme in this project is activated (SPEC.md §6). */
export async function requireProgram(database: Database, userId: number, project: ProjectId): Promise<void> {
  const rows = await database.query<{ ok: number }>(
    sql`select 1 as ok from partner_programs where user_id = ${userId} and project = ${project}`,
  );
  if (rows.length === 0) throw new AppError('forbidden', { key: 'statistics:program_not_active', params: { app: project } });
}
