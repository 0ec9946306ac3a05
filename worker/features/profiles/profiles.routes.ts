import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { PROFILE_FIELDS } from '../../../tenants/schema';
import { members } from '../../db/schema';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { getDb } from '../../lib/db';
import { getMember, requireMember } from '../../lib/session';
import { parseOrThrow, validate } from '../../lib/validate';
import { AppError, ValidationError } from '../../middleware/errors';
import { ageOn, parseList, userBody } from '../account/account.service';
import { INTEREST_TAGS } from '../interests/interests.routes';
import { regionsByCountry } from '../regions/regions.queries';
import { siteSettings } from '../settings/settings.service';
import { ABOUT_ME_MAX, MAX_INTERESTS, PAGE_SIZE, PROFILE_CHOICES } from './profile.fields';
import { toCard } from '../../lib/member-cards';
import { hasTrafficSource } from '../../lib/traffic';
import { likeBetween, markLikeSeen } from '../likes/likes.queries';
import { activePhotos, block, hasBlocked, searchMembers, unblock, type SearchRow } from './profiles.queries';

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};
/** The birth date that makes someone exactly `years` old today. */
const yearsAgo = (now: Date, years: number) =>
  new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);

function profileSchema(c: Context<AppEnv>) {
  const t = c.get('t');
  const settings = siteSettings(c.get('tenant'));
  const now = clock.now();
  const invalid = t('errors.invalid_request');
  const choice = <K extends keyof typeof PROFILE_CHOICES>(k: K) => z.enum(PROFILE_CHOICES[k], { error: invalid });
  return z
    .object({
      gender: choice('gender'),
      sexuality: choice('sexuality').nullable(),
      date_of_birth: z.string({ error: t('errors.invalid_birthdate') })
        .refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && isRealDate(d), t('errors.invalid_birthdate'))
        .refine((d) => ageOn(d, now) >= settings.min_age && ageOn(d, now) <= 120, t('errors.invalid_birthdate')),
      country: z.enum(settings.countries as [string, ...string[]], { error: invalid }),
      region: z.string({ error: invalid }).max(20).nullable(),
      city: z.string({ error: invalid }).trim().max(100, invalid).nullable(),
      interests: z.array(z.enum(INTEREST_TAGS, { error: invalid })).max(MAX_INTERESTS, invalid).refine((l) => new Set(l).size === l.length, invalid),
      hair_colour: choice('hair_colour').nullable(),
      eye_colour: choice('eye_colour').nullable(),
      body_type: choice('body_type').nullable(),
      relationship_status: choice('relationship_status').nullable(),
      tattoos: choice('tattoos').nullable(),
      signup_reason: choice('signup_reason').nullable(),
      about_me: z.string({ error: invalid }).trim().max(ABOUT_ME_MAX, invalid).nullable(),
    })
    .partial()
    .strict();
}

/** What another member's client may see: settings.visible_profile_fields decide; never the birth date. */
function publicProfile(m: typeof members.$inferSelect, visible: readonly string[]) {
  const all: Record<(typeof PROFILE_FIELDS)[number], unknown> = {
    gender: m.gender,
    sexuality: m.sexuality,
    age: ageOn(m.birthDate, clock.now()),
    country: m.country,
    region: m.region,
    city: m.city,
    interests: parseList(m.interests),
    hair_colour: m.hairColour,
    eye_colour: m.eyeColour,
    body_type: m.bodyType,
    relationship_status: m.relationshipStatus,
    tattoos: m.tattoos,
    signup_reason: m.signupReason,
    about_me: m.aboutMe,
  };
  return Object.fromEntries(Object.entries(all).filter(([k]) => visible.includes(k)));
}

const memberId = z.coerce.number().int().positive().max(2 ** 53 - 1);
/** In JSON bodies ids are numbers, nothing coerced. */
const memberIdBody = z.object({ id: z.number().int().positive().max(2 ** 53 - 1) });

export const profileRoutes = new Hono<AppEnv>()
  .put('/profile.php', async (c) => {
    const member = await requireMember(c);
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      throw new AppError('invalid_request', 400);
    }
    const input = parseOrThrow(profileSchema(c), raw);
    const country = input.country ?? member.country;
    const region = input.region === undefined ? (input.country ? null : member.region) : input.region;
    if (region && !regionsByCountry().get(country)?.some((r) => r.code === region))
      throw new ValidationError([{ path: 'region', message: c.get('t')('errors.invalid_request') }]);
    const [updated] = await getDb(c.env.DB)
      .update(members)
      .set({
        gender: input.gender,
        sexuality: input.sexuality,
        birthDate: input.date_of_birth,
        country,
        region,
        city: input.city === undefined ? undefined : input.city || null,
        interests: input.interests ? JSON.stringify(input.interests) : undefined,
        hairColour: input.hair_colour,
        eyeColour: input.eye_colour,
        bodyType: input.body_type,
        relationshipStatus: input.relationship_status,
        tattoos: input.tattoos,
        signupReason: input.signup_reason,
        aboutMe: input.about_me === undefined ? undefined : input.about_me || null,
      })
      .where(eq(members.id, member.id))
      .returning();
    return c.json(await userBody(c, updated!), 200);
  })
  .get('/member.php', validate('query', z.object({ id: memberId })), async (c) => {
    const { id } = c.req.valid('query');
    const db = getDb(c.env.DB);
    const viewer = await getMember(c);
    const own = viewer?.id === id;
    const m = await db.query.members.findFirst({ where: and(eq(members.id, id), eq(members.companyId, c.get('tenant').company_id)) });
    const visible = m && m.status !== 'deleted' && (own || (m.status === 'active' && m.profileStatus === 'active'));
    if (!m || !visible || (viewer && !own && (await hasBlocked(db, id, viewer.id)))) throw new AppError('not_found_generic', 404);
    const photos = await activePhotos(db, id);
    const now = clock.now();
    const iBlocked = viewer && !own ? await hasBlocked(db, viewer.id, id) : false;
    // Likes stay out of view between blocked members, both ways.
    const [liked, likesMe] = viewer && !own && !iBlocked ? await Promise.all([likeBetween(db, viewer.id, id), likeBetween(db, id, viewer.id)]) : [undefined, undefined];
    // Opening a profile clears its new-like flag (spec section 4).
    if (viewer && likesMe && !likesMe.seenAt) await markLikeSeen(db, id, viewer.id, now);
    const mainFirst = [...photos].sort((a, b) => Number(b.id === m.mainPhotoId) - Number(a.id === m.mainPhotoId));
    const open = own || !!viewer?.paidUser;
    c.header('Cache-Control', 'private, no-store');
    return c.json(
      {
        profile: {
          id: m.id,
          name: m.name,
          ...publicProfile(m, siteSettings(c.get('tenant')).visible_profile_fields),
          fictional: m.fictional,
          photo_count: photos.length,
          photos: mainFirst.map((p) => {
            const main = p.id === m.mainPhotoId;
            const locked = !(open || main);
            return { id: p.id, match: locked ? null : p.key, locked, main };
          }),
          blocked: iBlocked,
          liked: !!liked,
          likes_me: !!likesMe,
        },
      },
      200,
    );
  })
  .post('/block.php', validate('json', memberIdBody), async (c) => {
    const viewer = await requireMember(c);
    const { id } = c.req.valid('json');
    if (id === viewer.id) throw new AppError('invalid_request', 400);
    const db = getDb(c.env.DB);
    const target = await db.query.members.findFirst({ where: and(eq(members.id, id), eq(members.companyId, viewer.companyId)) });
    if (!target || target.status === 'deleted') throw new AppError('not_found_generic', 404);
    await block(db, viewer.id, id, clock.now());
    return c.json({ blocked: true }, 200);
  })
  .delete('/block.php', validate('json', memberIdBody), async (c) => {
    const viewer = await requireMember(c);
    await unblock(getDb(c.env.DB), viewer.id, c.req.valid('json').id);
    return c.json({ blocked: false }, 200);
  })
  .get('/members.php', async (c) => {
    const settings = siteSettings(c.get('tenant'));
    const t = c.get('t');
    const invalid = t('errors.invalid_request');
    const age = z.coerce.number({ error: invalid }).int(invalid).min(18, invalid).max(99, invalid);
    const fieldFilters = Object.fromEntries(
      settings.search_fields.map((f) => [f, z.enum((PROFILE_CHOICES as Record<string, readonly [string, ...string[]]>)[f]!, { error: invalid }).optional()]),
    );
    const query = parseOrThrow(
      z
        .object({
          gender: z.enum(PROFILE_CHOICES.gender, { error: invalid }).optional(),
          country: z.enum(settings.countries as [string, ...string[]], { error: invalid }).optional(),
          region: z.string().max(20).optional(),
          min_age: age.optional(),
          max_age: age.optional(),
          page: z.coerce.number({ error: invalid }).int(invalid).min(1, invalid).max(500, invalid).default(1),
          ...fieldFilters,
        })
        .strict()
        .refine((q) => !q.min_age || !q.max_age || q.min_age <= q.max_age, { message: invalid, path: ['max_age'] }),
      c.req.query(),
    );
    // A filter on a field the site does not show would reveal it.
    const shown = settings.visible_profile_fields as readonly string[];
    const used = [
      query.gender && 'gender', query.country && 'country', query.region && 'region',
      (query.min_age || query.max_age) && 'age', ...settings.search_fields.filter((f) => (query as Record<string, unknown>)[f]),
    ].filter((f): f is string => !!f);
    const hidden = used.filter((f) => !shown.includes(f));
    if (hidden.length) throw new ValidationError(hidden.map((path) => ({ path, message: invalid })));
    const viewer = await getMember(c);
    // Visitors search only where the site allows it (spec section 6); the traffic source is the
    // one the worker recorded when the visitor arrived (shell: TRAFFIC_COOKIE), never a parameter.
    if (!viewer && (!settings.logged_out_search || (settings.logged_out_search_trafficsource && !hasTrafficSource(c))))
      throw new AppError('authentication_required', 403);
    const now = clock.now();
    const fields = Object.fromEntries(settings.search_fields.map((f) => [f, (query as Record<string, unknown>)[f]]).filter(([, v]) => v));
    const base = { companyId: c.get('tenant').company_id, niche: c.get('tenant').niche, viewerId: viewer?.id ?? null };
    const db = getDb(c.env.DB);
    const started = Date.now();
    const { rows, total } = await searchMembers(
      db,
      {
        ...base,
        gender: query.gender,
        country: query.country,
        region: query.region,
        bornBefore: query.min_age ? yearsAgo(now, query.min_age) : undefined,
        bornAfter: query.max_age ? yearsAgo(now, query.max_age + 1) : undefined,
        fields,
      },
      query.page,
      PAGE_SIZE,
    );
    let similar: SearchRow[] = [];
    let similarTotal = 0;
    if (query.page === 1 && total < PAGE_SIZE) {
      const more = await searchMembers(db, { ...base, gender: query.gender, country: query.country, fields: {}, excludeIds: rows.map((r) => r.id) }, 1, PAGE_SIZE);
      similar = more.rows;
      similarTotal = more.total;
    }
    c.header('Cache-Control', 'private, no-store');
    // The time spent in D1 for this search (Workers' clock advances across I/O): read by npm run bench.
    c.header('Server-Timing', `search;dur=${Date.now() - started}`);
    return c.json(
      {
        results: rows.map((r) => toCard(r, settings.visible_profile_fields)),
        numResults: total,
        page: query.page,
        pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
        similar: similar.map((r) => toCard(r, settings.visible_profile_fields)),
        similar_numResults: similarTotal,
      },
      200,
    );
  });

