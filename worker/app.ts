import { Hono, type Context, type ExecutionContext, type MiddlewareHandler } from 'hono';
import type { AppEnv, OperatorEnv } from './env';
import { features } from './features';
import { authRoutes } from './features/account/auth.routes';
import { chatMediaRoutes } from './features/chat/chat-media.routes';
import { chatRoutes } from './features/chat/chat.routes';
import { linkRoutes } from './features/account/links.routes';
import { signupRoutes } from './features/account/signup.routes';
import { companyRoutes } from './features/company/company.routes';
import { devRoutes, type Dispatch } from './features/dev/dev.routes';
import { exportRoutes } from './features/export/export.routes';
import { geocodeRoutes } from './features/geocode/geocode.routes';
import { hookRoutes } from './features/hooks/hooks.routes';
import { installedAppRoutes } from './features/installed-app/installed-app.routes';
import { interestsRoutes } from './features/interests/interests.routes';
import { likeRoutes } from './features/likes/likes.routes';
import { notificationRoutes, oneClickRoutes } from './features/notifications/notifications.routes';
import { operatorRoutes } from './features/operator/operator.routes';
import { paymentHookRoutes } from './features/payments/payments-hooks.routes';
import { paymentRoutes } from './features/payments/payments.routes';
import { discountRoutes } from './features/payments/discounts.routes';
import { directDebitRoutes } from './features/payments/directdebit.routes';
import { repeatOrderRoutes } from './features/payments/repeat-order.routes';
import { mediaRoutes } from './features/photos/media.routes';
import { photoRoutes } from './features/photos/photos.routes';
import { profileRoutes } from './features/profiles/profiles.routes';
import { pushRoutes } from './features/push/push.routes';
import { reportRoutes } from './features/reports/reports.routes';
import { operatorReportRoutes } from './features/operator/reports.routes';
import { regionsRoutes } from './features/regions/regions.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { shellRoutes } from './features/shell/shell.routes';
import { bodyLimit } from './middleware/body-limit';
import { getDb } from './lib/db';
import { errorBody } from './lib/errors';
import { translator } from './lib/i18n';
import { enqueuePending } from './lib/deliveries';
import { isLocalHost, normalizeHost } from './lib/tenants';
import { serverTiming } from './middleware/timing';
import { isMultipart } from './middleware/validate';
import { context } from './middleware/context';
import { onError } from './middleware/errors';
import { requestLog } from './middleware/request-log';
import { geo } from './middleware/geo';
import { csrfGuard } from './middleware/guard';
import { securityHeaders } from './middleware/security';
import { session } from './middleware/session';
import { tenant } from './middleware/tenant';

/** JSON bodies up to 1 MB, counted as they are read (middleware/body-limit). */
const limitBody = bodyLimit(1024 * 1024);

/** Uploads carry their own limit: a profile photo, and an image sent in the chat (multipart only; JSON sends keep 1 MB). */
const isUpload = (c: Context<AppEnv>) =>
  c.req.method === 'POST' && (c.req.path === '/api/photo.php' || (c.req.path === '/api/message.php' && isMultipart(c)));

/** The members' API: behind the CSRF guard, bodies up to 1 MB (uploads carry their own limit). */
const memberApi = new Hono<AppEnv>()
  .use(csrfGuard)
  .use((c, next) => (c.req.method === 'GET' || isUpload(c) ? next() : limitBody(c, next)))
  .use(async (c, next) => {
    await next();
    // the request's batch has committed: its mail and SMS go to the deliveries queue now
    if (c.get('mailQueued')) c.executionCtx.waitUntil(enqueuePending(c.env, 'mail'));
    if (c.get('smsQueued')) c.executionCtx.waitUntil(enqueuePending(c.env, 'sms'));
  })
  .route('/', settingsRoutes)
  .route('/', companyRoutes)
  .route('/', interestsRoutes)
  .route('/', regionsRoutes)
  // user.php?push=1 first; user.php without it goes on to the login routes
  .route('/', pushRoutes)
  .route('/', authRoutes)
  .route('/', signupRoutes)
  .route('/', linkRoutes)
  .route('/', photoRoutes)
  .route('/', profileRoutes)
  .route('/', geocodeRoutes)
  .route('/', likeRoutes)
  .route('/', chatRoutes)
  .route('/', paymentRoutes)
  .route('/', discountRoutes)
  .route('/', directDebitRoutes)
  .route('/', repeatOrderRoutes)
  .route('/', notificationRoutes)
  .route('/', reportRoutes)
  .route('/', exportRoutes(features))
  .all('*', (c) => c.json(errorBody(c.get('t'), 'api_not_found'), 404));

/** Static files (hashed assets, the favicon) need no session; /api and /media may, and so may every app route. */
const isStaticFile = (path: string) =>
  /\.[a-z0-9]{1,8}$/i.test(path) && !path.startsWith('/api/') && !path.startsWith('/media/') && path !== '/index.html';
const sessionCookie: MiddlewareHandler<AppEnv> = (c, next) => (isStaticFile(c.req.path) ? next() : session(c, next));

/** The whole app for a request made inside the worker: the sim provider's checkout calls the payment webhook through it, like a provider would. */
const dispatch: Dispatch = (request, env, ctx) => app.fetch(request, env, ctx);

/**
 * A member site, chosen by the host: site, language and country, the request's db and settings,
 * the session cookie (its member is looked up by the route that asks), then by audience: the
 * members' API, providers' webhooks (signed, no CSRF guard), photos and chat images, development
 * helpers, and the app shell.
 */
export const siteApp = new Hono<AppEnv>()
  .use(requestLog('site'))
  .use(serverTiming)
  .use(securityHeaders)
  .use(tenant)
  .use(geo)
  .use(context)
  .use(sessionCookie)
  .route('/api', memberApi)
  .route('/hooks', hookRoutes)
  .route('/hooks/payments', paymentHookRoutes)
  // RFC 8058 one-click unsubscribe: a signed link, POSTed by mail clients without our header (outside the CSRF guard)
  .route('/unsubscribe', oneClickRoutes)
  .route('/media', mediaRoutes)
  .route('/media', chatMediaRoutes)
  .route('/dev', devRoutes(features, dispatch))
  .route('/', installedAppRoutes)
  .route('/', shellRoutes);
siteApp.notFound((c) => c.text('Not found', 404));
siteApp.onError(onError);

/** The console's languages (locales/operator); the operator's browser chooses, English otherwise. */
const CONSOLE_LOCALES = ['nl', 'en', 'de'] as const;
const consoleLocale = (header: string | undefined) =>
  (header ?? '')
    .split(',')
    .map((part) => part.trim().slice(0, 2).toLowerCase())
    .find((l): l is (typeof CONSOLE_LOCALES)[number] => (CONSOLE_LOCALES as readonly string[]).includes(l)) ?? 'en';

/**
 * The console's page (web/operator, its own build under /operator/ in the assets) for every path
 * that is not a file, and the built files it loads; nothing of a member site.
 */
const consoleShell = async (c: Context<OperatorEnv>) => {
  const path = c.req.path;
  if (/\.[a-z0-9]{1,8}$/i.test(path)) {
    if (!path.startsWith('/operator/assets/') && path !== '/favicon.svg') return c.text('Not found', 404);
    const asset = await c.env.ASSETS.fetch(c.req.raw);
    if (asset.status === 404) return c.text('Not found', 404);
    const res = new Response(asset.body, asset);
    if (path !== '/favicon.svg') res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    return res;
  }
  const page = await c.env.ASSETS.fetch(new Request(`${new URL(c.req.url).origin}/operator/`, { headers: { accept: 'text/html' } }));
  if (!page.ok) return c.text('The console is not built: run npm run build', 503);
  return new Response(page.body, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' } });
};

/** The operator host: its own API under /api/operator and the console's page, nothing of a member site. */
export const operatorApp = new Hono<OperatorEnv>()
  .use(requestLog('operator'))
  .use(securityHeaders)
  .use(async (c, next) => {
    const locale = consoleLocale(c.req.header('accept-language'));
    c.set('host', normalizeHost(new URL(c.req.url).host)!);
    c.set('db', getDb(c.env.DB));
    c.set('locale', locale);
    c.set('t', translator(locale));
    c.set('mailQueued', false);
    await next();
  })
  .use('/api/*', csrfGuard as unknown as MiddlewareHandler<OperatorEnv>)
  // a fictional profile's photo carries its own limit (fictional.routes)
  .use('/api/*', (c, next) =>
    c.req.method === 'GET' || (c.req.path === '/api/operator/fictional-photo.php' && c.req.method === 'POST')
      ? next()
      : (limitBody as unknown as MiddlewareHandler<OperatorEnv>)(c, next),
  )
  .use('/api/*', async (c, next) => {
    await next();
    if (c.get('mailQueued')) c.executionCtx.waitUntil(enqueuePending(c.env, 'mail'));
  })
  .route('/api/operator', operatorRoutes)
  .route('/api/operator', operatorReportRoutes)
  .all('/api/*', (c) => c.json(errorBody(c.get('t'), 'api_not_found'), 404))
  .get('*', consoleShell);
operatorApp.notFound((c) => c.text('Not found', 404));
operatorApp.onError(onError as never);

/** The operator hosts; a development host (`operator.localhost`) only in development. */
const operatorHosts = (env: AppEnv['Bindings']) =>
  (env.OPERATOR_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h && (env.ENVIRONMENT === 'development' || !isLocalHost(h)));

/** The operator host never serves a member site, and a member site's host never serves the operators' API. */
export const app = {
  fetch(request: Request, env: AppEnv['Bindings'], ctx: ExecutionContext): Response | Promise<Response> {
    const host = normalizeHost(new URL(request.url).host);
    return host && operatorHosts(env).includes(host) ? operatorApp.fetch(request, env, ctx) : siteApp.fetch(request, env, ctx);
  },
};
