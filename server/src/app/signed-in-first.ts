import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD /path` of every call that needs a signed-in partner (answered 401 before its input is read). */
    signedInRoutes: string[];
  }
}

/**
 * A signed-in partner's call answers 401 to a request without a live session before its body is read or its input
 * validated: a route of the scope guarded by requireUser (or a guard that starts with it) in its preHandler gets the
 * same check as an onRequest hook, which runs before parsing and validation. So an anonymous caller learns nothing
 * of what a call expects. The routes it guards are listed in `app.signedInRoutes`, decorated on the app before the
 * scope is made (a test probes every one of them).
 */
export const signedInFirst = fp(async (app) => {
  const guards = new Set<unknown>([app.requireUser, app.requireProgram, app.requireSecurityCode, app.requireSecurityPassword]);
  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler].flat().filter(Boolean);
    if (!preHandlers.some((hook) => guards.has(hook))) return;
    route.onRequest = [...[route.onRequest].flat().filter((hook) => hook !== undefined), app.requireUser] as typeof route.onRequest;
    for (const method of [route.method].flat()) if (method !== 'HEAD') app.signedInRoutes.push(`${method} ${route.url}`);
  });
});
