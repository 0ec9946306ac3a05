import { Hono, type Context } from 'hono';
import { MAX_PHOTO_BYTES, PHOTO_LIMITS } from '../../contracts/photos.values';
import {
  createFictionalInput,
  fictionalListQuery,
  fictionalPhotoInput,
  fictionalProfileQuery,
  personaInput,
  updateFictionalInput,
  type FictionalListAnswer,
  type FictionalProfile,
  type FictionalProfileAnswer,
} from '../../contracts/fictional';
import { sexualitiesFor, type Gender, type Sexuality } from '../../contracts/profiles';
import { ageOn, interestsOf } from '../../domain/members';
import { photoById, photoKeys } from '../../domain/photos';
import type { OperatorEnv } from '../../env';
import { clock } from '../../lib/clock';
import { randomId } from '../../lib/crypto';
import { AppError, ValidationError } from '../../lib/errors';
import { bodyLimit } from '../../middleware/body-limit';
import { checkImage } from '../../lib/images';
import { storeVersions, VERSION_TYPE, versionKeys, versionsOf } from '../../lib/photo-versions';
import { isRegionOf } from '../../lib/regions';
import { registry, siteSettings, tenantBySlug } from '../../lib/tenants';
import { validate } from '../../middleware/validate';
import { requireOperator } from './operator.auth';
import { insertAudit } from './operator.queries';
import {
  deleteFictionalPhoto,
  fictionalById,
  fictionalOfCompany,
  insertFictional,
  insertFictionalPhoto,
  personaOf,
  photosOf,
  updateFictional,
  upsertPersona,
  type FictionalMember,
  type NewMember,
} from './fictional.queries';

const photoFile = (id: string, size: 'thumb' | 'display') => `/api/operator/photo-file.php?id=${id}&size=${size}`;

/** The company's sites an operator may put a fictional profile on. */
const sitesOf = (companyId: number) => registry.tenants.filter((t) => t.company_id === companyId);

/** The site's own rules on top of the contract: its countries, its minimum age, the regions of the country. */
async function checkSiteRules(
  c: Context<OperatorEnv>,
  site: string,
  v: { date_of_birth?: string; country?: string; region?: string | null; gender?: Gender; sexuality?: Sexuality | null },
  current?: FictionalMember,
) {
  const tenant = tenantBySlug(site)!;
  const settings = siteSettings(tenant);
  const t = c.get('t');
  const issues: { path: string; message: string }[] = [];
  const now = clock.now();
  if (v.date_of_birth !== undefined && (ageOn(v.date_of_birth, now) < settings.min_age || ageOn(v.date_of_birth, now) > 120))
    issues.push({ path: 'date_of_birth', message: t('errors.invalid_birthdate') });
  if (v.country !== undefined && !settings.countries.includes(v.country))
    issues.push({ path: 'country', message: t('errors.invalid_request') });
  const country = v.country ?? current?.country;
  if (v.region && country && !(await isRegionOf(country, v.region))) issues.push({ path: 'region', message: t('errors.invalid_request') });
  // the orientation fits the gender, as for members (contracts sexualitiesFor)
  const gender = v.gender ?? current?.gender;
  const sexuality = v.sexuality === undefined ? current?.sexuality : v.sexuality;
  if (gender && sexuality && !sexualitiesFor(gender).includes(sexuality))
    issues.push({ path: 'sexuality', message: t('errors.validation.invalid_option') });
  if (issues.length) throw new ValidationError(issues);
}

/** The fields as the audit log and the editor see them. */
const profileFields = (m: FictionalMember) => ({
  name: m.name,
  gender: m.gender,
  date_of_birth: m.birthDate,
  country: m.country,
  region: m.region,
  city: m.city,
  sexuality: m.sexuality,
  about_me: m.aboutMe,
  hair_colour: m.hairColour,
  eye_colour: m.eyeColour,
  body_type: m.bodyType,
  relationship_status: m.relationshipStatus,
  tattoos: m.tattoos,
  signup_reason: m.signupReason,
  interests: interestsOf(m.interests) as string[],
});

/** Contract fields to the member row's columns (only those sent). */
function columnsOf(v: Partial<Record<string, unknown>>) {
  const map: Record<string, string> = {
    name: 'name',
    gender: 'gender',
    date_of_birth: 'birthDate',
    country: 'country',
    region: 'region',
    city: 'city',
    sexuality: 'sexuality',
    about_me: 'aboutMe',
    hair_colour: 'hairColour',
    eye_colour: 'eyeColour',
    body_type: 'bodyType',
    relationship_status: 'relationshipStatus',
    tattoos: 'tattoos',
    signup_reason: 'signupReason',
  };
  const out: Record<string, unknown> = {};
  for (const [k, col] of Object.entries(map))
    if (v[k] !== undefined) out[col] = typeof v[k] === 'string' && v[k] === '' && k !== 'name' ? null : v[k];
  if (v.interests !== undefined) out.interests = JSON.stringify(v.interests);
  return out as Partial<FictionalMember>;
}

async function profileJson(c: Context<OperatorEnv>, m: FictionalMember): Promise<FictionalProfile> {
  const db = c.get('db');
  const [list, persona] = await Promise.all([photosOf(db, m.id), personaOf(db, m.id)]);
  return {
    id: m.id,
    site: m.homeSite,
    niche: m.niche,
    ...profileFields(m),
    age: ageOn(m.birthDate, clock.now()),
    photos: list.map((p) => ({
      id: p.id,
      thumb: photoFile(p.id, 'thumb'),
      image: photoFile(p.id, 'display'),
      main: p.id === m.mainPhotoId,
      width: p.width,
      height: p.height,
    })),
    persona_note: persona?.note ?? '',
    persona_updated_at: persona?.updatedAt ?? null,
  };
}

/** A fictional profile of the operator's company, or 404 (a real member, another company's, a deleted one). */
async function ownFictional(c: Context<OperatorEnv>, companyId: number, id: number) {
  const m = await fictionalById(c.get('db'), companyId, id);
  if (!m) throw new AppError('not_found_generic', 404);
  return m;
}

/**
 * The company's fictional profiles in the console: admins create and edit them (profile fields,
 * photos, persona note), chat operators read them and the persona note they write by. Every
 * change writes its audit row (`fictional.*`, object `member`, before and after) in its batch.
 */
export const fictionalRoutes = new Hono<OperatorEnv>()
  .get('/fictional.php', validate('query', fictionalListQuery), async (c) => {
    const op = requireOperator(c, 'admin', 'chat');
    const { site } = c.req.valid('query');
    const db = c.get('db');
    const sites = sitesOf(op.companyId);
    if (site && !sites.some((s) => s.slug === site)) throw new AppError('not_found_generic', 404);
    const rows = await fictionalOfCompany(db, op.companyId, site);
    const now = clock.now();
    return c.json(
      {
        profiles: rows.map((m) => ({
          id: m.id,
          name: m.name,
          site: m.homeSite,
          niche: m.niche,
          gender: m.gender,
          age: ageOn(m.birthDate, now),
          city: m.city,
          photo: m.mainPhotoId ? photoFile(m.mainPhotoId, 'thumb') : null,
          photo_count: m.photoCount,
        })),
        sites: sites.map((s) => ({ slug: s.slug, name: s.name, niche: s.niche, countries: siteSettings(s).countries })),
      } satisfies FictionalListAnswer,
      200,
    );
  })
  .get('/fictional-profile.php', validate('query', fictionalProfileQuery), async (c) => {
    const op = requireOperator(c, 'admin', 'chat');
    const m = await ownFictional(c, op.companyId, c.req.valid('query').id);
    return c.json({ profile: await profileJson(c, m) } satisfies FictionalProfileAnswer, 200);
  })
  .post('/fictional.php', validate('json', createFictionalInput), async (c) => {
    const admin = requireOperator(c, 'admin');
    const input = c.req.valid('json');
    const site = sitesOf(admin.companyId).find((s) => s.slug === input.site);
    if (!site) throw new ValidationError([{ path: 'site', message: c.get('t')('errors.invalid_request') }]);
    await checkSiteRules(c, site.slug, input);
    const db = c.get('db');
    const now = clock.now();
    const id = randomId();
    const row = {
      ...columnsOf(input),
      id,
      companyId: admin.companyId,
      homeSite: site.slug,
      niche: site.niche,
      // never mailed (the notifications skip fictional members); unique within the pool
      email: `fictional-${id}@${site.slug}.invalid`,
      fictional: true,
      status: 'active' as const,
      language: site.default_locale,
      signupStep: 'done',
      emailConfirmedAt: now.toISOString(),
      createdAt: now.toISOString(),
    } as NewMember;
    const note = input.persona_note ?? '';
    await db.batch([
      insertFictional(db, row),
      upsertPersona(db, id, note, admin.id, now),
      insertAudit(db, {
        companyId: admin.companyId,
        operatorId: admin.id,
        action: 'fictional.create',
        objectType: 'member',
        objectId: String(id),
        before: null,
        after: { site: site.slug, ...columnsOf(input), persona_note: note },
        at: now,
      }),
    ]);
    return c.json({ profile: await profileJson(c, (await fictionalById(db, admin.companyId, id))!) } satisfies FictionalProfileAnswer, 201);
  })
  .put('/fictional.php', validate('json', updateFictionalInput), async (c) => {
    const admin = requireOperator(c, 'admin');
    const { id, ...changes } = c.req.valid('json');
    const current = await ownFictional(c, admin.companyId, id);
    await checkSiteRules(c, current.homeSite, { ...changes, region: changes.region ?? undefined }, current);
    // a new country without a region clears the old country's region
    const columns = columnsOf(changes);
    if (changes.country !== undefined && changes.country !== current.country && changes.region === undefined) columns.region = null;
    if (!Object.keys(columns).length) throw new ValidationError([{ path: '', message: c.get('t')('errors.field_required') }]);
    const db = c.get('db');
    const now = clock.now();
    const [[updated]] = await db.batch([
      updateFictional(db, id, columns),
      insertAudit(db, {
        companyId: admin.companyId,
        operatorId: admin.id,
        action: 'fictional.update',
        objectType: 'member',
        objectId: String(id),
        before: profileFields(current),
        after: { ...profileFields(current), ...profileFields({ ...current, ...columns }) },
        at: now,
      }),
    ]);
    return c.json({ profile: await profileJson(c, updated!) } satisfies FictionalProfileAnswer, 200);
  })
  .put('/persona.php', validate('json', personaInput), async (c) => {
    const admin = requireOperator(c, 'admin');
    const { id, note } = c.req.valid('json');
    const m = await ownFictional(c, admin.companyId, id);
    const db = c.get('db');
    const before = (await personaOf(db, id))?.note ?? '';
    const now = clock.now();
    await db.batch([
      upsertPersona(db, id, note, admin.id, now),
      insertAudit(db, {
        companyId: admin.companyId,
        operatorId: admin.id,
        action: 'fictional.persona',
        objectType: 'member',
        objectId: String(id),
        before: { persona_note: before },
        after: { persona_note: note },
        at: now,
      }),
    ]);
    return c.json({ profile: await profileJson(c, m) } satisfies FictionalProfileAnswer, 200);
  })
  // The members' photo pipeline: checked by content, versions made by the Images binding, both in R2; approved at once.
  .post('/fictional-photo.php', bodyLimit(MAX_PHOTO_BYTES + 64 * 1024, 'invalid_photo'), async (c) => {
    const admin = requireOperator(c, 'admin');
    let body: Record<string, unknown>;
    try {
      body = await c.req.parseBody();
    } catch {
      throw new AppError('invalid_photo', 400);
    }
    const id = Number(body['id']);
    if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('not_found_generic', 404);
    const m = await ownFictional(c, admin.companyId, id);
    const file = body['photo'];
    if (!(file instanceof File) || file.size === 0 || file.size > MAX_PHOTO_BYTES) throw new AppError('invalid_photo', 400);
    const image = checkImage(new Uint8Array(await file.arrayBuffer()));
    if (typeof image === 'string') throw new AppError(image === 'bad_dimensions' ? 'photo_dimensions' : 'invalid_photo', 400);
    const db = c.get('db');
    if ((await photosOf(db, id)).length >= PHOTO_LIMITS.premium) throw new AppError('photo_limit', 400, { limit: PHOTO_LIMITS.premium });
    const photoId = crypto.randomUUID();
    const versions = await versionsOf(c.env.IMAGES, image);
    const keys = versionKeys(`photos/${id}/${photoId}`);
    await storeVersions(c.env.PHOTOS, keys, versions);
    const now = clock.now();
    const row = {
      id: photoId,
      memberId: id,
      key: keys.display,
      thumbKey: keys.thumb,
      contentType: VERSION_TYPE,
      width: versions.display.width,
      height: versions.display.height,
      bytes: versions.display.bytes.length,
      preview: versions.preview,
      status: 'active' as const,
      createdAt: now.toISOString(),
      reviewedAt: now.toISOString(),
      reviewedBy: admin.id,
    };
    try {
      await db.batch([
        ...insertFictionalPhoto(db, row),
        insertAudit(db, {
          companyId: admin.companyId,
          operatorId: admin.id,
          action: 'fictional.photo_add',
          objectType: 'member',
          objectId: String(id),
          before: null,
          after: { photo: photoId },
          at: now,
        }),
      ]);
    } catch (error) {
      await c.env.PHOTOS.delete([keys.display, keys.thumb]);
      throw error;
    }
    return c.json(
      { profile: await profileJson(c, (await fictionalById(db, admin.companyId, m.id))!) } satisfies FictionalProfileAnswer,
      201,
    );
  })
  .delete('/fictional-photo.php', validate('json', fictionalPhotoInput), async (c) => {
    const admin = requireOperator(c, 'admin');
    const db = c.get('db');
    const photo = await photoById(db, c.req.valid('json').id);
    const m = photo && photo.status !== 'removed' ? await fictionalById(db, admin.companyId, photo.memberId) : undefined;
    if (!photo || !m) throw new AppError('not_found_generic', 404);
    await db.batch([
      ...deleteFictionalPhoto(db, photo),
      insertAudit(db, {
        companyId: admin.companyId,
        operatorId: admin.id,
        action: 'fictional.photo_remove',
        objectType: 'member',
        objectId: String(m.id),
        before: { photo: photo.id },
        after: null,
        at: clock.now(),
      }),
    ]);
    await c.env.PHOTOS.delete(photoKeys(photo));
    return c.json(
      { profile: await profileJson(c, (await fictionalById(db, admin.companyId, m.id))!) } satisfies FictionalProfileAnswer,
      200,
    );
  });
