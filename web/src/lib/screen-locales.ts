/** The screen namespaces' texts: one lazy chunk per language and namespace, loaded with a screen's page. */
const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../../../locales/*/{kit,dashboard,stats,earnings,settings,payouts,faq,apikey,news,alerts,postbacks,videoplayer,referrals,start,plans,sites,buyers,notme,statements,tags}.json');

export function screenLoaderFor(lang: string, ns: string) {
  return loaders[`../../../locales/${lang}/${ns}.json`];
}
