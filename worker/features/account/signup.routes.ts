import { Hono } from 'hono';
import {
  OPTIONAL_STEPS,
  SIGNUP_STEPS,
  signupInput,
  STEP_INPUTS,
  type ResendActivationAnswer,
  type SignupStep,
  type UserAnswer,
} from '../../contracts/account';
import { sexualitiesFor } from '../../contracts/profiles';
import { grant } from '../../domain/credits';
import { ageOn, memberByEmail, memberById, type Member } from '../../domain/members';
import { userBody } from '../../domain/users';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { hashPassword, randomId } from '../../lib/crypto';
import { AppError, ValidationError } from '../../lib/errors';
import { limitRequest } from '../../middleware/client';
import { takeRateLimit } from '../../lib/rate-limit';
import { isRegionOf } from '../../lib/regions';
import { parseOrThrow } from '../../lib/validate';
import { jsonObject } from '../../middleware/validate';
import { newSession, requireMember } from '../../middleware/session';
import { advanceSignup, insertMember } from './account.queries';
import { mailedLink, normalizeEmail } from './account.service';
import { failedOn, UNIQUES } from '../../lib/db';
import { issue } from '../../contracts/errors';

export const ACTIVATION_TTL_MS = 7 * 86400_000;

export const signupRoutes = new Hono<AppEnv>()
  .post('/signup.php', async (c) => {
    const t = c.get('t');
    const site = c.get('tenant');
    const settings = c.get('settings');
    const now = clock.now();
    const ofAge = (d: string) => ageOn(d, now) >= settings.min_age && ageOn(d, now) <= 120;
    const schema = signupInput.extend({ date_of_birth: signupInput.shape.date_of_birth.refine(ofAge, issue('invalid_birthdate')) });
    const input = parseOrThrow(t, schema, await jsonObject(c));
    if (normalizeEmail(input.name) === input.email) throw new ValidationError([{ path: 'name', message: t('errors.invalid_name') }]);
    // Counted once the form is complete (a member correcting fields is not counted), before
    // anything is looked up: signups from one address are limited (README, "Limits per client").
    await limitRequest(c, 'signup');
    // The site's signup policy (spec section 6).
    if (settings.signups === 'other') throw new AppError('signups_closed', 403);
    if (settings.signups === 'with_trafficsource' && !input.tracking?.network && !input.tracking?.ref)
      throw new AppError('signups_closed', 403);

    const db = c.get('db');
    const emailTaken = () => new ValidationError([{ path: 'email', message: t('errors.email_taken') }]);
    if (await memberByEmail(db, site.company_id, input.email)) throw emailTaken();

    const id = randomId(); // known before the insert (one batch), not enumerable
    const country = c.get('country');
    const member = {
      id,
      companyId: site.company_id,
      homeSite: site.slug,
      email: input.email,
      name: input.name,
      gender: input.gender,
      birthDate: input.date_of_birth,
      country: country && settings.countries.includes(country) ? country : settings.countries[0]!,
      niche: site.niche,
      status: 'not_confirmed' as const,
      profileStatus: 'disabled' as const,
      passwordHash: await hashPassword(input.password, c.env.PASSWORD_PEPPER),
      language: c.get('locale'),
      credits: 0,
      freeConversationsLeft: settings.free_conversations,
      freeMessagesLeft: settings.free_messages,
      signupStep: 'photo',
      createdAt: now.toISOString(),
      trackingNetwork: input.tracking?.network ?? null,
      trackingRef: input.tracking?.ref ?? null,
      trackingSub1: input.tracking?.sub1 ?? null,
      trackingSub2: input.tracking?.sub2 ?? null,
      trackingSub3: input.tracking?.sub3 ?? null,
    };
    const session = await newSession(c, id);
    const activation = await mailedLink(c, member, 'activate', ACTIVATION_TTL_MS);
    const bonus =
      settings.signup_credits > 0
        ? grant(db, { memberId: id, amount: settings.signup_credits, reason: 'signup_bonus', ref: 'signup', at: now })
        : [];
    try {
      // Member, granted credits with their ledger row, session, activation link and its mail: all or nothing.
      await db.batch([insertMember(db, member), ...bonus, session.statement, ...activation]);
    } catch (error) {
      if (failedOn(error, 'unique', UNIQUES.memberEmail)) throw emailTaken();
      throw error;
    }
    session.setSessionCookie();
    return c.json((await userBody(db, (await memberById(db, id))!, c.get('tenant').niche)) satisfies UserAnswer, 201);
  })
  .put('/signup.php', async (c) => {
    const member = await requireMember(c);
    const t = c.get('t');
    const body = await jsonObject(c);
    const step = member.signupStep as SignupStep;
    if (body.step !== step || step === 'done') throw new AppError('step_invalid', 400);
    const skip = body.skip === true;
    if (skip && !OPTIONAL_STEPS.includes(step)) throw new AppError('step_invalid', 400);

    let changes: Partial<Member> = {};
    if (!skip) {
      if (step === 'photo' && !member.mainPhotoId) throw new ValidationError([{ path: 'photo', message: t('errors.invalid_photo') }]);
      if (step === 'location') {
        const input = parseOrThrow(t, STEP_INPUTS.location, body);
        if (!c.get('settings').countries.includes(input.country))
          throw new ValidationError([{ path: 'country', message: t('errors.invalid_request') }]);
        if (!isRegionOf(input.country, input.region)) throw new ValidationError([{ path: 'region', message: t('errors.invalid_request') }]);
        changes = { country: input.country, region: input.region, city: input.city || null };
      }
      if (step === 'personal') {
        const { sexuality } = parseOrThrow(t, STEP_INPUTS.personal, body);
        if (!sexualitiesFor(member.gender).includes(sexuality))
          throw new ValidationError([{ path: 'sexuality', message: t('errors.validation.invalid_option') }]);
        changes = { sexuality };
      }
      if (step === 'about') changes = { aboutMe: parseOrThrow(t, STEP_INPUTS.about, body).about_me || null };
      if (step === 'push') changes = { pushPermission: parseOrThrow(t, STEP_INPUTS.push, body).push_permission };
    }
    const next = SIGNUP_STEPS[SIGNUP_STEPS.indexOf(step) + 1]!;
    const [updated] = await advanceSignup(c.get('db'), member.id, step, next, changes);
    if (!updated) throw new AppError('step_invalid', 400);
    return c.json((await userBody(c.get('db'), updated, c.get('tenant').niche)) satisfies UserAnswer, 200);
  })
  .post('/resend-activation.php', async (c) => {
    const member = await requireMember(c);
    await limitRequest(c, 'activation', member.id);
    const ok: ResendActivationAnswer = { ok: true };
    if (member.status !== 'not_confirmed') return c.json(ok, 200);
    const db = c.get('db');
    // A quiet cap: at most 5 activation mails a day.
    if (await takeRateLimit(db, `activation-mail:${member.id}`, 5, 86400_000, clock.now()))
      await db.batch([...(await mailedLink(c, member, 'activate', ACTIVATION_TTL_MS))]);
    return c.json(ok, 200);
  });
