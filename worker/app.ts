import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './env';
import { authRoutes } from './features/account/auth.routes';
import { devMailRoutes } from './features/account/dev-mail.routes';
import { linkRoutes } from './features/account/links.routes';
import { signupRoutes } from './features/account/signup.routes';
import { companyRoutes } from './features/company/company.routes';
import { mediaRoutes } from './features/photos/media.routes';
import { photoRoutes } from './features/photos/photos.routes';
import { profileRoutes } from './features/profiles/profiles.routes';
import { geocodeRoutes } from './features/geocode/geocode.routes';
import { likeRoutes } from './features/likes/likes.routes';
import { interestsRoutes } from './features/interests/interests.routes';
import { regionsRoutes } from './features/regions/regions.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { shellRoutes } from './features/shell/shell.routes';
import { AppError, errorBody, onError } from './middleware/errors';
import { geo } from './middleware/geo';
import { csrfGuard } from './middleware/guard';
import { securityHeaders } from './middleware/security';
import { tenant } from './middleware/tenant';
import { getDb } from './lib/db';
import { deliverOutbox } from './lib/mail';

const limitBody = bodyLimit({ maxSize: 1024 * 1024, onError: () => { throw new AppError('payload_too_large', 413); } });

const api = new Hono<AppEnv>()
  .route('/', settingsRoutes)
  .route('/', companyRoutes)
  .route('/', interestsRoutes)
  .route('/', regionsRoutes)
  .route('/', authRoutes)
  .route('/', signupRoutes)
  .route('/', linkRoutes)
  .route('/', photoRoutes)
  .route('/', profileRoutes)
  .route('/', geocodeRoutes)
  .route('/', likeRoutes);

export type AppType = typeof api;

export const app = new Hono<AppEnv>()
  .use(securityHeaders)
  .use(tenant)
  .use(geo)
  .use('/api/*', csrfGuard)
  // photo uploads carry their own, larger limit
  .use('/api/*', (c, next) => (c.req.method === 'GET' || (c.req.method === 'POST' && c.req.path === '/api/photo.php') ? next() : limitBody(c, next)))
  .use('/api/*', async (c, next) => {
    await next();
    if (c.get('mailQueued')) c.executionCtx.waitUntil(deliverOutbox(c.env, getDb(c.env.DB)));
  })
  .route('/api', api)
  .all('/api/*', (c) => c.json(errorBody(c, 'api_not_found'), 404))
  .route('/media', mediaRoutes)
  .route('/dev', devMailRoutes)
  .route('/', shellRoutes);

app.notFound((c) => c.text('Not found', 404));
app.onError(onError);
