import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditAnswer,
  auditCsvQuery,
  auditQuery,
  operatorIdParam,
  operatorTokenCreateAnswer,
  operatorTokenCreateBody,
  operatorTokenRevokeAnswer,
  operatorTokensAnswer,
  staffCreateAnswer,
  staffCreateBody,
  staffListAnswer,
  staffUpdateAnswer,
  staffUpdateBody,
} from '@pc/core';
import { actorOf } from './access.ts';
import { allAudit, audit, AUDIT_CSV_COLUMNS, auditCsvLine, auditView, listAudit } from './audit.ts';
import { createStaff, createToken, listStaff, listTokens, revokeToken, updateStaff } from './staff-admin.ts';

const tags = ['operator'];

/** Staff, named tokens and the audit log under /operator/v1 (decision 0160). */
export async function staffAdminRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.ctx;
  const db = database.db;

  app.get(
    '/staff',
    { config: { permission: 'staff.manage' }, schema: { tags, summary: 'Staff members', response: { 200: staffListAnswer } } },
    async () => ({ data: await listStaff(db) }),
  );

  app.post(
    '/staff',
    {
      config: { permission: 'staff.manage' },
      schema: { tags, summary: 'Add a staff member with a temporary password', body: staffCreateBody, response: { 200: staffCreateAnswer } },
    },
    async (request) => {
      const created = await createStaff(db, actorOf(request), request.body, request.ip, clock.now());
      return { member: created.member, temporary_password: created.temporaryPassword };
    },
  );

  app.patch(
    '/staff/:id',
    {
      config: { permission: 'staff.manage' },
      schema: {
        tags,
        summary: 'Change a staff member: name, role, language, password, disabled, authenticator reset',
        params: operatorIdParam,
        body: staffUpdateBody,
        response: { 200: staffUpdateAnswer },
      },
    },
    async (request) => updateStaff(db, actorOf(request), request.params.id, request.body, request.ip, clock.now()),
  );

  app.get(
    '/tokens',
    { config: { permission: 'tokens.manage' }, schema: { tags, summary: 'Named API tokens', response: { 200: operatorTokensAnswer } } },
    async () => ({ data: await listTokens(db) }),
  );

  app.post(
    '/tokens',
    {
      config: { permission: 'tokens.manage' },
      schema: { tags, summary: 'Create a named token with a role (its secret is answered once)', body: operatorTokenCreateBody, response: { 200: operatorTokenCreateAnswer } },
    },
    async (request) => createToken(db, actorOf(request), request.body, request.ip, clock.now()),
  );

  app.delete(
    '/tokens/:id',
    {
      config: { permission: 'tokens.manage' },
      schema: { tags, summary: 'Revoke a named token', params: operatorIdParam, response: { 200: operatorTokenRevokeAnswer } },
    },
    async (request) => revokeToken(db, actorOf(request), request.params.id, request.ip, clock.now()),
  );

  app.get(
    '/audit',
    {
      config: { permission: 'audit.read' },
      schema: { tags, summary: 'The audit log, newest first', querystring: auditQuery, response: { 200: auditAnswer } },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listAudit(db, q);
      return { data: rows.map(auditView), meta: { page: q.page, per_page: q.per_page, total } };
    },
  );

  /** Every matching row as CSV, oldest first. The export itself is audited, with its filters and row count. */
  app.get(
    '/audit.csv',
    {
      config: { permission: 'audit.read' },
      schema: { tags, summary: 'The audit log as CSV (same filters, every row)', querystring: auditCsvQuery },
    },
    async (request, reply) => {
      const lines: string[] = [AUDIT_CSV_COLUMNS.join(',')];
      for await (const row of allAudit(db, request.query)) lines.push(auditCsvLine(row));
      const now = clock.now();
      await db.transaction((tx) =>
        audit(tx, actorOf(request), { action: 'audit.export', targetType: 'audit', after: { filters: request.query, rows: lines.length - 1 } }, request.ip, now),
      );
      const name = `audit-${now.toISOString().slice(0, 19).replace(/[:T]/g, '-')}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(`${lines.join('\r\n')}\r\n`);
    },
  );
}
