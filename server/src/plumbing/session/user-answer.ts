import { eq } from 'drizzle-orm';
import { isLangCode, THEMES, type ThemePreference, type UserAnswer } from '@pc/core';
import type { Db } from '../../db/client.ts';
import { partnerPrograms, users } from '../../db/schema/index.ts';

type UserRow = typeof users.$inferSelect;

/** The `GET /api/user` answer for a user row: profile, settings and the partner's id in each activated project. */
export async function userAnswerOf(db: Db, user: UserRow): Promise<UserAnswer> {
  const programs = await db
    .select({ project: partnerPrograms.project, appUserId: partnerPrograms.appUserId })
    .from(partnerPrograms)
    .where(eq(partnerPrograms.userId, user.id));
  const appUsersId: UserAnswer['app_users_id'] = {};
  for (const p of programs) if (p.project === 'fd1' || p.project === 'fd2') appUsersId[p.project] = p.appUserId;
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    contact: user.contact,
    lang: isLangCode(user.lang) ? user.lang : 'en',
    is_active: user.isActive,
    newsletter: user.newsletter,
    app_users_id: appUsersId,
    login_limit_enabled: user.loginLimitEnabled,
    captcha_enabled: user.captchaEnabled,
    security_code_enabled: user.securityCodeHash !== null,
    theme: (THEMES as readonly string[]).includes(user.theme) ? (user.theme as ThemePreference) : 'system',
    created_at: user.createdAt.toISOString(),
  };
}

export async function userAnswerById(db: Db, userId: number): Promise<UserAnswer> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`user ${userId} not found`);
  return userAnswerOf(db, user);
}
