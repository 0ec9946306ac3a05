import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './env';
import { companyRoutes } from './features/company/company.routes';
import { interestsRoutes } from './features/interests/interests.routes';
import { regionsRoutes } from './features/regions/regions.routes';
import { settingsRoutes } from './features/settings/settings.routes';
import { shellRoutes } from './features/shell/shell.routes';
import { AppError, errorBody, onError } from './middleware/errors';
import { geo } from './middleware/geo';
import { csrfGuard } from './middleware/guard';
import { securityHeaders } from './middleware/security';
import { tenant } from './middleware/tenant';

const limitBody = bodyLimit({ maxSize: 1024 * 1024, onError: () => { throw new AppError('payload_too_large', 413); } });

const api = new Hono<AppEnv>()
  .route('/', settingsRoutes)
  .route('/', companyRoutes)
  .route('/', interestsRoutes)
  .route('/', regionsRoutes);

export type AppType = typeof api;

export const app = new Hono<AppEnv>()
  .use(securityHeaders)
  .use(tenant)
  .use(geo)
  .use('/api/*', csrfGuard)
  .use('/api/*', (c, next) => (c.req.method === 'GET' ? next() : limitBody(c, next)))
  .route('/api', api)
  .all('/api/*', (c) => c.json(errorBody(c, 'api_not_found'), 404))
  .route('/', shellRoutes);

app.notFound((c) => c.text('Not found', 404));
app.onError(onError);
