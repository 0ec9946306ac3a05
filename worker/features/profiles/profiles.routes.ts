import { Hono, type Context } from 'hono';
import { memberIdBody } from '../../contracts/common';
import {
  memberQuery,
  PAGE_SIZE,
  profileInput,
  searchQuery,
  sexualitiesFor,
  type BlockAnswer,
  type MemberAnswer,
  type PublicProfileFields,
  type SearchAnswer,
} from '../../contracts/profiles';
import type { UserAnswer } from '../../contracts/account';
import { likeBetween, markLikeSeen } from '../../domain/likes';
import {
  ageOn,
  block,
  hasBlocked,
  interestsOf,
  isOnline,
  isRecentlyActive,
  moderationSeen,
  siteMember,
  toCard,
  unblock,
  yearsAgo,
  type Member,
} from '../../domain/members';
import { activePhotos } from '../../domain/photos';
import { userBody } from '../../domain/users';
import type { AppEnv } from '../../env';
import { clock } from '../../lib/clock';
import { timed } from '../../middleware/timing';
import { AppError, ValidationError } from '../../lib/errors';
import { isRegionOf } from '../../lib/regions';
import { parseOrThrow } from '../../lib/validate';
import { jsonObject, validate } from '../../middleware/validate';
import { memberOf, requireMember } from '../../middleware/session';
import { LANDERS, type CampaignAnswer, type FacesAnswer, type LanderAnswer } from '../../contracts/landers';
import { landerProfiles, landingFaces, maySearch, publicMember } from '../../domain/landers';
import { searcherOf } from '../../middleware/traffic';
import { poolMember, searchMembers, updateProfile, type SearchRow } from './profiles.queries';
import { issue } from '../../contracts/errors';

/** The contract's profile fields, narrowed by this site: its countries and its minimum age. */
function siteProfileInput(c: Context<AppEnv>) {
  const settings = c.get('settings');
  const now = clock.now();
  const { date_of_birth, country } = profileInput.shape;
  return profileInput.extend({
    date_of_birth: date_of_birth
      .unwrap()
      .refine((d) => ageOn(d, now) >= settings.min_age && ageOn(d, now) <= 120, issue('invalid_birthdate'))
      .optional(),
    country: country
      .unwrap()
      .refine((v) => settings.countries.includes(v), issue('invalid_request'))
      .optional(),
  });
}

/** What another member's client may see: settings.visible_profile_fields decide; never the birth date. */
function publicProfile(m: Member, visible: readonly string[]): PublicProfileFields {
  const all: Required<PublicProfileFields> = {
    gender: m.gender,
    sexuality: m.sexuality,
    age: ageOn(m.birthDate, clock.now()),
    country: m.country,
    region: m.region,
    city: m.city,
    interests: interestsOf(m.interests),
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

export const profileRoutes = new Hono<AppEnv>()
  .put('/profile.php', async (c) => {
    const member = await requireMember(c);
    const t = c.get('t');
    const input = parseOrThrow(t, siteProfileInput(c), await jsonObject(c));
    const country = input.country ?? member.country;
    const region = input.region === undefined ? (input.country ? null : member.region) : input.region;
    if (region && !(await isRegionOf(country, region)))
      throw new ValidationError([{ path: 'region', message: t('errors.invalid_request') }]);
    // the orientation fits the gender the profile ends with (a changed gender with an old orientation that no longer fits too)
    const sexuality = input.sexuality === undefined ? member.sexuality : input.sexuality;
    if (sexuality && !sexualitiesFor(input.gender ?? member.gender).includes(sexuality))
      throw new ValidationError([{ path: 'sexuality', message: t('errors.validation.invalid_option') }]);
    const [updated] = await updateProfile(c.get('db'), member.id, {
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
    });
    return c.json((await userBody(c.get('db'), updated!, c.get('tenant').niche)) satisfies UserAnswer, 200);
  })
  .get('/member.php', validate('query', memberQuery), async (c) => {
    const { id } = c.req.valid('query');
    // a profile may lag a moment (a read replica), never behind this member's own writes
    const db = c.get('replica');
    const viewer = await memberOf(c);
    const own = viewer?.id === id;
    const m = await poolMember(db, c.get('tenant').company_id, id);
    // one's own profile on any site of the pool; anyone else only on a site of their niche
    const visible =
      m &&
      m.status !== 'deleted' &&
      (own || (m.niche === c.get('tenant').niche && m.status === 'active' && m.profileStatus === 'active' && moderationSeen(m.moderation)));
    if (!m || !visible || (viewer && !own && (await hasBlocked(db, id, viewer.id)))) throw new AppError('not_found_generic', 404);
    const photos = await activePhotos(db, id);
    const now = clock.now();
    const iBlocked = viewer && !own ? await hasBlocked(db, viewer.id, id) : false;
    // Likes stay out of view between blocked members, both ways.
    const [liked, likesMe] =
      viewer && !own && !iBlocked
        ? await Promise.all([likeBetween(db, viewer.id, id), likeBetween(db, id, viewer.id)])
        : [undefined, undefined];
    // Opening a profile clears its new-like flag (spec section 4).
    if (viewer && likesMe && !likesMe.seenAt) await markLikeSeen(db, id, viewer.id, now);
    const mainFirst = [...photos].sort((a, b) => Number(b.id === m.mainPhotoId) - Number(a.id === m.mainPhotoId));
    const open = own || !!viewer?.paidUser;
    c.header('Cache-Control', 'private, no-store');
    const answer: MemberAnswer = {
      profile: {
        id: m.id,
        name: m.name,
        ...publicProfile(m, c.get('settings').visible_profile_fields),
        fictional: m.fictional,
        photo_count: photos.length,
        photos: mainFirst.map((p) => {
          const main = p.id === m.mainPhotoId;
          const locked = !(open || main);
          if (!locked) return { id: p.id, match: p.key, thumb_filename: p.thumbKey || p.key, locked, main, preview: null, unlock: null };
          // a locked photo: only its server-made preview, and what would open it
          const unlock = viewer ? 'premium' : 'login';
          return { id: p.id, match: null, thumb_filename: null, locked, main, preview: p.preview || null, unlock };
        }),
        blocked: iBlocked,
        liked: !!liked,
        likes_me: !!likesMe,
        online: isOnline(m, now),
        recently_active: isRecentlyActive(m, now),
      },
    };
    return c.json(answer, 200);
  })
  .post('/block.php', validate('json', memberIdBody), async (c) => {
    const viewer = await requireMember(c);
    const { id } = c.req.valid('json');
    if (id === viewer.id) throw new AppError('invalid_request', 400);
    const db = c.get('db');
    const target = await siteMember(db, { companyId: viewer.companyId, niche: c.get('tenant').niche }, id);
    if (!target || target.status === 'deleted') throw new AppError('not_found_generic', 404);
    await block(db, viewer.id, id, clock.now());
    return c.json({ blocked: true } satisfies BlockAnswer, 200);
  })
  .delete('/block.php', validate('json', memberIdBody), async (c) => {
    const viewer = await requireMember(c);
    const { id } = c.req.valid('json');
    const db = c.get('db');
    // a block set on another niche's site is lifted there
    if (!(await siteMember(db, { companyId: viewer.companyId, niche: c.get('tenant').niche }, id)))
      throw new AppError('not_found_generic', 404);
    await unblock(db, viewer.id, id);
    return c.json({ blocked: false } satisfies BlockAnswer, 200);
  })
  .get('/members.php', async (c) => {
    const settings = c.get('settings');
    const t = c.get('t');
    const invalid = t('errors.invalid_request');
    const query = parseOrThrow(t, searchQuery, c.req.query());
    // Only the site's own search fields and countries; a filter on a field the site does not show would reveal it.
    const extra = (['hair_colour', 'eye_colour', 'body_type', 'relationship_status', 'tattoos', 'sexuality'] as const).filter(
      (f) => query[f] !== undefined,
    );
    const refused: string[] = extra.filter((f) => !(settings.search_fields as readonly string[]).includes(f));
    if (query.country && !settings.countries.includes(query.country)) refused.push('country');
    if (refused.length) throw new ValidationError(refused.map((path) => ({ path, message: invalid })));
    const shown = settings.visible_profile_fields as readonly string[];
    const used = [
      query.gender && 'gender',
      query.country && 'country',
      query.region && 'region',
      (query.min_age || query.max_age) && 'age',
      ...extra,
    ].filter((f): f is string => !!f);
    const hidden = used.filter((f) => !shown.includes(f));
    if (hidden.length) throw new ValidationError(hidden.map((path) => ({ path, message: invalid })));
    const viewer = await memberOf(c);
    // Visitors search only where the site allows it (spec section 6).
    if (!maySearch(settings, await searcherOf(c))) throw new AppError('authentication_required', 403);
    const now = clock.now();
    const fields = Object.fromEntries(extra.map((f) => [f, query[f]!]));
    const base = { companyId: c.get('tenant').company_id, niche: c.get('tenant').niche, viewerId: viewer?.id ?? null };
    // search may lag a moment (a read replica), never behind this member's own writes
    const db = c.get('replica');
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
      const more = await searchMembers(
        db,
        { ...base, gender: query.gender, country: query.country, fields: {}, excludeIds: rows.map((r) => r.id) },
        1,
        PAGE_SIZE,
      );
      similar = more.rows;
      similarTotal = more.total;
    }
    c.header('Cache-Control', 'private, no-store');
    // The time spent in D1 for this search (Workers' clock advances across I/O): read by npm run bench.
    timed(c, 'search', started);
    const visible = settings.visible_profile_fields;
    const answer: SearchAnswer = {
      results: rows.map((r) => toCard(r, visible)),
      numResults: total,
      page: query.page,
      pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
      similar: similar.map((r) => toCard(r, visible)),
      similar_numResults: similarTotal,
    };
    return c.json(answer, 200);
  })
  .get('/campaign.php', validate('query', memberQuery), async (c) => {
    const { id } = c.req.valid('query');
    const db = c.get('db');
    const viewer = await memberOf(c);
    const tenant = c.get('tenant');
    // a public page: only who may appear there (domain/landers publicMembers), whoever looks
    const m = await publicMember(db, { companyId: tenant.company_id, niche: tenant.niche, viewerId: viewer?.id ?? null }, id);
    if (!m) throw new AppError('not_found_generic', 404);
    const main = (await activePhotos(db, id)).find((p) => p.id === m.mainPhotoId);
    if (!main) throw new AppError('not_found_generic', 404); // removed in between
    const now = clock.now();
    c.header('Cache-Control', 'private, no-store');
    const answer: CampaignAnswer = {
      profile: {
        id: m.id,
        name: m.name,
        ...publicProfile(m, c.get('settings').visible_profile_fields),
        fictional: m.fictional,
        photo_count: 1,
        photos: [
          {
            id: main.id,
            match: main.key,
            thumb_filename: main.thumbKey || main.key,
            locked: false,
            main: true,
            preview: null,
            unlock: null,
          },
        ],
        blocked: false,
        liked: false,
        likes_me: false,
        online: isOnline(m, now),
        recently_active: isRecentlyActive(m, now),
      },
    };
    return c.json(answer, 200);
  })
  .get('/faces.php', async (c) => {
    const answer = await landingFaces(c.get('db'), {
      tenant: c.get('tenant'),
      settings: c.get('settings'),
      country: c.get('country'),
      searcher: await searcherOf(c),
    });
    if (!answer) throw new AppError('authentication_required', 403);
    c.header('Cache-Control', 'private, no-store');
    return c.json(answer satisfies FacesAnswer, 200);
  })
  .get('/lander.php', async (c) => {
    const name = c.req.query('name');
    if (!LANDERS.includes(name as (typeof LANDERS)[number])) throw new AppError('not_found_generic', 404);
    const answer = await landerProfiles(c.get('replica'), {
      tenant: c.get('tenant'),
      settings: c.get('settings'),
      country: c.get('country'),
      searcher: await searcherOf(c),
    });
    if (!answer) throw new AppError('authentication_required', 403);
    c.header('Cache-Control', 'private, no-store');
    return c.json(answer satisfies LanderAnswer, 200);
  });
