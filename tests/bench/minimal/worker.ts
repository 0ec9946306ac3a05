import { Hono } from 'hono';

// The baseline: a minimal Hono worker answering a constant JSON, started like the site.
const app = new Hono().get('*', (c) => c.json({ ok: true, name: 'baseline' }, 200));

export default app;
