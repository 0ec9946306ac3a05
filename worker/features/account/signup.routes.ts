import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { members } from '../../db/schema';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { hashPassword } from '../../lib/crypto';
import { getDb } from '../../lib/db';
import { newSession, requireMember } from '../../lib/session';
import { parseOrThrow } from '../../lib/validate';
import { AppError, ValidationError } from '../../middleware/errors';
import { regionsByCountry } from '../regions/regions.queries';
import { siteSettings } from '../settings/settings.service';
import { ledgerRow, memberByEmail } from './account.queries';
import { takeRateLimit } from '../../lib/rate-limit';
import { ageOn, mailedLink, userBody } from './account.service';
import { normalizeEmail } from './auth.routes';

export const SIGNUP_STEPS = ['photo', 'location', 'personal', 'about', 'push', 'confirm', 'done'] as const;
const OPTIONAL_STEPS = new Set(['photo', 'personal', 'about', 'push']);
export const ACTIVATION_TTL_MS = 7 * 86400_000;

/** Member ids are random 48-bit numbers: known before the insert (one batch) and not enumerable. */
const newMemberId = () => {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2)) as unknown as [number, number];
  return (hi % 0xffff) * 2 ** 32 + lo + 2 ** 32;
};

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

const json = async (c: { req: { json: () => Promise<unknown> } }) => {
  try {
    return await c.req.json();
  } catch {
    throw new AppError('invalid_request', 400);
  }
};

export const signupRoutes = new Hono<AppEnv>()
  .post('/signup.php', async (c) => {
    const t = c.get('t');
    const site = c.get('tenant');
    const settings = siteSettings(site);
    const now = clock.now();
    // Traffic-source values are kept, cut to 100 characters, never a reason to refuse a signup.
    const tracking = z.string().trim().transform((v) => v.slice(0, 100)).optional();
    const schema = z.object({
      email: z.string({ error: t('errors.invalid_email') }).trim().toLowerCase().max(254, t('errors.invalid_email')).pipe(z.email(t('errors.invalid_email'))),
      password: z.string({ error: t('errors.password_too_short') }).min(8, t('errors.password_too_short')).max(1000),
      name: z.string({ error: t('errors.name_length') }).trim().min(2, t('errors.name_length')).max(30, t('errors.name_length'))
        .refine((n) => !/[\p{Cc}\p{Cf}]/u.test(n), t('errors.name_length'))
        .refine((n) => !n.startsWith('@'), t('errors.invalid_name')),
      date_of_birth: z.string({ error: t('errors.invalid_birthdate') })
        .regex(/^\d{4}-\d{2}-\d{2}$/, t('errors.invalid_birthdate'))
        .refine(isRealDate, t('errors.invalid_birthdate'))
        .refine((d) => ageOn(d, now) >= settings.min_age && ageOn(d, now) <= 120, t('errors.invalid_birthdate')),
      gender: z.enum(['male', 'female'], { error: t('errors.invalid_request') }),
      tracking: z.object({ network: tracking, ref: tracking, sub1: tracking, sub2: tracking, sub3: tracking }).strict().optional(),
    });
    const input = parseOrThrow(schema, await json(c));
    if (normalizeEmail(input.name) === input.email) throw new ValidationError([{ path: 'name', message: t('errors.invalid_name') }]);
    // The site's signup policy (spec section 6).
    if (settings.signups === 'other') throw new AppError('signups_closed', 403);
    if (settings.signups === 'with_trafficsource' && !input.tracking?.network && !input.tracking?.ref)
      throw new AppError('signups_closed', 403);

    const db = getDb(c.env.DB);
    const emailTaken = () => new ValidationError([{ path: 'email', message: t('errors.email_taken') }]);
    if (await memberByEmail(db, site.company_id, input.email)) throw emailTaken();

    const id = newMemberId();
    const member = {
      id,
      companyId: site.company_id,
      homeSite: site.slug,
      email: input.email,
      name: input.name,
      gender: input.gender,
      birthDate: input.date_of_birth,
      country: c.get('country') && settings.countries.includes(c.get('country')!) ? c.get('country')! : settings.countries[0]!,
      niche: site.niche,
      status: 'not_confirmed' as const,
      profileStatus: 'disabled' as const,
      passwordHash: await hashPassword(input.password, c.env.PASSWORD_PEPPER),
      language: c.get('locale'),
      credits: settings.signup_credits,
      signupStep: 'photo',
      createdAt: now.toISOString(),
      trackingNetwork: input.tracking?.network ?? null,
      trackingRef: input.tracking?.ref ?? null,
      trackingSub1: input.tracking?.sub1 ?? null,
      trackingSub2: input.tracking?.sub2 ?? null,
      trackingSub3: input.tracking?.sub3 ?? null,
    };
    const session = await newSession(c, id);
    const activation = await mailedLink(c, db, { ...member, language: c.get('locale') }, 'activate', ACTIVATION_TTL_MS);
    try {
      // Member, granted credits with their ledger row, session, activation link and its mail: all or nothing.
      await db.batch([
        db.insert(members).values(member),
        ledgerRow(db, id, settings.signup_credits, settings.signup_credits, 'signup_bonus', 'signup', now),
        session.statement,
        ...activation,
      ]);
    } catch (error) {
      if (String(error).includes('UNIQUE')) throw emailTaken();
      throw error;
    }
    session.setSessionCookie();
    const created = (await db.query.members.findFirst({ where: eq(members.id, id) }))!;
    return c.json(await userBody(c, created), 201);
  })
  .put('/signup.php', async (c) => {
    const member = await requireMember(c);
    const t = c.get('t');
    const settings = siteSettings(c.get('tenant'));
    const raw = await json(c);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new AppError('invalid_request', 400);
    const body = raw as { step?: unknown; skip?: unknown };
    const step = member.signupStep;
    if (body.step !== step || step === 'done') throw new AppError('step_invalid', 400);
    const skip = body.skip === true;
    if (skip && !OPTIONAL_STEPS.has(step)) throw new AppError('step_invalid', 400);

    let changes: Partial<typeof members.$inferInsert> = {};
    if (!skip) {
      if (step === 'photo' && !member.mainPhotoId) throw new ValidationError([{ path: 'photo', message: t('errors.invalid_photo') }]);
      if (step === 'location') {
        const input = parseOrThrow(
          z.object({
            country: z.enum(settings.countries as [string, ...string[]], { error: t('errors.invalid_request') }),
            region: z.string({ error: t('errors.invalid_request') }).max(20),
            city: z.string().trim().max(100).optional(),
          }),
          body,
        );
        if (!regionsByCountry().get(input.country)?.some((r) => r.code === input.region))
          throw new ValidationError([{ path: 'region', message: t('errors.invalid_request') }]);
        changes = { country: input.country, region: input.region, city: input.city || null };
      }
      if (step === 'personal')
        changes = parseOrThrow(z.object({ sexuality: z.enum(['hetero', 'gay', 'lesbian', 'bi'], { error: t('errors.invalid_request') }) }), body);
      if (step === 'about') {
        const { about_me } = parseOrThrow(z.object({ about_me: z.string({ error: t('errors.invalid_request') }).trim().max(2000, t('errors.invalid_request')) }), body);
        changes = { aboutMe: about_me || null };
      }
      if (step === 'push') {
        const { push_permission } = parseOrThrow(z.object({ push_permission: z.enum(['granted', 'denied', 'default'], { error: t('errors.invalid_request') }) }), body);
        changes = { pushPermission: push_permission };
      }
    }
    const next = SIGNUP_STEPS[SIGNUP_STEPS.indexOf(step as (typeof SIGNUP_STEPS)[number]) + 1]!;
    const db = getDb(c.env.DB);
    // Guarded by the current step, so a double submit cannot skip a step.
    const [updated] = await db
      .update(members)
      .set({ ...changes, signupStep: next })
      .where(and(eq(members.id, member.id), eq(members.signupStep, step)))
      .returning();
    if (!updated) throw new AppError('step_invalid', 400);
    return c.json(await userBody(c, updated), 200);
  })
  .post('/resend-activation.php', async (c) => {
    const member = await requireMember(c);
    if (member.status !== 'not_confirmed') return c.json({ ok: true }, 200);
    const db = getDb(c.env.DB);
    // A quiet cap: at most 5 activation mails a day.
    if (await takeRateLimit(db, `activation-mail:${member.id}`, 5, 86400_000, clock.now()))
      await db.batch([...(await mailedLink(c, db, member, 'activate', ACTIVATION_TTL_MS))]);
    return c.json({ ok: true }, 200);
  });
