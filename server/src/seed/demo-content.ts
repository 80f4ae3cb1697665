import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { news, newsTexts, notifications, notificationTexts } from '../db/schema/index.ts';
import { lockKey, rows } from '../db/sql.ts';

/**
 * The demo's news and notifications (outside production, like the whole demo seed): when there are none at all, a
 * few of each in several languages, so a new partner's News and Notifications pages are not empty and the
 * console's Content section has every status to show (one news item is scheduled a week ahead). Idempotent and
 * safe from several instances at once (an advisory lock); once anything exists, nothing is added.
 */
type Texts = Record<string, { title: string; body: string }>;

const DAY = 86_400_000;

const NEWS: Array<{ daysAgo: number; project: 'fd1' | 'fd2' | null; texts: Texts }> = [
  {
    daysAgo: 12,
    project: null,
    texts: {
      en: { title: 'Welcome to the partner cabinet', body: 'Statistics, earnings and payouts of both projects are now in one place.\n\nTell us what you miss: the support links are in the top bar.' },
      ru: { title: 'Добро пожаловать в кабинет партнёра', body: 'Статистика, доходы и выплаты обоих проектов теперь в одном месте.\n\nНапишите нам, чего не хватает: ссылки на поддержку — в верхней панели.' },
      de: { title: 'Willkommen im Partnerbereich', body: 'Statistiken, Einnahmen und Auszahlungen beider Projekte sind jetzt an einem Ort.' },
      es: { title: 'Bienvenido al panel de socios', body: 'Las estadísticas, ganancias y pagos de ambos proyectos ahora están en un solo lugar.' },
      ar: { title: 'مرحبًا بك في لوحة الشركاء', body: 'أصبحت الإحصاءات والأرباح والمدفوعات للمشروعين في مكان واحد.' },
    },
  },
  {
    daysAgo: 5,
    project: 'fd1',
    texts: {
      en: { title: 'fd1: higher rates for video views', body: 'From the first of next month fd1 pays more for counted video views in every country group.' },
      ru: { title: 'fd1: ставки за просмотры видео выше', body: 'С первого числа следующего месяца fd1 платит больше за засчитанные просмотры видео во всех группах стран.' },
      tr: { title: 'fd1: video izlemeleri için daha yüksek oranlar', body: 'Gelecek ayın ilk gününden itibaren fd1, her ülke grubunda sayılan video izlemeleri için daha fazla ödüyor.' },
    },
  },
  {
    daysAgo: 1,
    project: null,
    texts: {
      en: { title: 'Payouts to cards in roubles and hryvnias', body: 'Card payouts in RUB and UAH are converted at the national bank rate of the day the request is made.' },
      ru: { title: 'Выплаты на карты в рублях и гривнах', body: 'Выплаты на карты в рублях и гривнах пересчитываются по курсу национального банка на день создания заявки.' },
      pt: { title: 'Pagamentos para cartões em rublos e grívnias', body: 'Os pagamentos em RUB e UAH são convertidos pela taxa do banco nacional no dia do pedido.' },
      ja: { title: 'ルーブルとフリヴニャのカードへの支払い', body: 'RUBとUAHのカードへの支払いは、申請日の国立銀行レートで換算されます。' },
    },
  },
  {
    daysAgo: -7,
    project: null,
    texts: {
      en: { title: 'Maintenance next week', body: 'Statistics may update with a delay of up to an hour during the maintenance window.' },
      ru: { title: 'Технические работы на следующей неделе', body: 'Во время технических работ статистика может обновляться с задержкой до часа.' },
    },
  },
];

const NOTIFICATIONS: Array<{ daysAgo: number; texts: Texts }> = [
  {
    daysAgo: 8,
    texts: {
      en: { title: 'Set up your payout wallet', body: 'Add a wallet in Payouts so your earnings can be paid as soon as they are available.' },
      ru: { title: 'Добавьте кошелёк для выплат', body: 'Добавьте кошелёк в разделе «Выплаты», чтобы получать доход, как только он станет доступен.' },
      fr: { title: 'Configurez votre portefeuille', body: 'Ajoutez un portefeuille dans Paiements pour être payé dès que vos gains sont disponibles.' },
      ar: { title: 'أضف محفظة للمدفوعات', body: 'أضف محفظة في قسم المدفوعات لتحصل على أرباحك فور توفرها.' },
    },
  },
  {
    daysAgo: 2,
    texts: {
      en: { title: 'Two-step sign-in is available', body: 'Protect your account with a code from an authenticator app: Settings, Security.' },
      ru: { title: 'Доступен вход в два шага', body: 'Защитите аккаунт кодом из приложения-аутентификатора: «Настройки», «Безопасность».' },
      de: { title: 'Anmeldung in zwei Schritten', body: 'Schützen Sie Ihr Konto mit einem Code aus einer Authenticator-App: Einstellungen, Sicherheit.' },
    },
  },
];

export async function ensureDemoContent(ctx: AppContext): Promise<{ news: number; notifications: number }> {
  const now = ctx.clock.now().getTime();
  return ctx.database.db.transaction(async (tx) => {
    await lockKey(tx, 'demo-content');
    const [existing] = await rows<{ n: number }>(tx, sql`select (select count(*) from news)::int + (select count(*) from notifications)::int as n`);
    if (Number(existing?.n ?? 0) > 0) return { news: 0, notifications: 0 };
    for (const item of NEWS) {
      const at = new Date(now - item.daysAgo * DAY);
      const [row] = await tx
        .insert(news)
        .values({ project: item.project, publishedAt: at, createdAt: new Date(Math.min(now, at.getTime())), createdBy: 'demo seed' })
        .returning({ id: news.id });
      await tx.insert(newsTexts).values(Object.entries(item.texts).map(([lang, t]) => ({ newsId: row!.id, lang, ...t })));
    }
    for (const item of NOTIFICATIONS) {
      const at = new Date(now - item.daysAgo * DAY);
      const [row] = await tx.insert(notifications).values({ userId: null, publishedAt: at, createdAt: at, createdBy: 'demo seed' }).returning({ id: notifications.id });
      await tx.insert(notificationTexts).values(Object.entries(item.texts).map(([lang, t]) => ({ notificationId: row!.id, lang, ...t })));
    }
    return { news: NEWS.length, notifications: NOTIFICATIONS.length };
  });
}
