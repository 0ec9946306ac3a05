import * as z from 'zod';
import { FICTIONAL_NOTE_MAX } from './fictional.values';
import { signupInput } from './account';
import { profileInput } from './profiles';

/**
 * The console's fictional profiles (`/api/operator/fictional*.php`, operator host only). Admins
 * create and edit them; chat operators may read them and their persona note. Every object is
 * looked up within the operator's company; a real member's id is simply not found.
 */

/** The profile fields an operator sets: those members see, as members edit them (site rules applied by the handler). */
const fields = profileInput.shape;
export const fictionalFields = z.strictObject({
  name: signupInput.shape.name,
  gender: fields.gender.unwrap(),
  date_of_birth: fields.date_of_birth.unwrap(),
  country: fields.country.unwrap(),
  region: fields.region.unwrap().optional(),
  city: fields.city.unwrap().optional(),
  sexuality: fields.sexuality.unwrap().optional(),
  about_me: fields.about_me.unwrap().optional(),
  hair_colour: fields.hair_colour.unwrap().optional(),
  eye_colour: fields.eye_colour.unwrap().optional(),
  body_type: fields.body_type.unwrap().optional(),
  relationship_status: fields.relationship_status.unwrap().optional(),
  tattoos: fields.tattoos.unwrap().optional(),
  signup_reason: fields.signup_reason.unwrap().optional(),
  interests: fields.interests.unwrap().optional(),
});

/** POST /api/operator/fictional.php (admin): a new fictional profile on one of the company's sites (its niche comes with it). */
export const createFictionalInput = fictionalFields.extend({
  site: z.string().max(60),
  persona_note: z.string().max(FICTIONAL_NOTE_MAX).optional(),
});
export type CreateFictionalInput = z.input<typeof createFictionalInput>;

/** PUT /api/operator/fictional.php (admin): any subset of the fields of one fictional profile. */
export const updateFictionalInput = fictionalFields.partial().extend({ id: z.number().int().positive() });
export type UpdateFictionalInput = z.input<typeof updateFictionalInput>;

/** PUT /api/operator/persona.php (admin): the persona note the chat operators read. */
export const personaInput = z.strictObject({ id: z.number().int().positive(), note: z.string().max(FICTIONAL_NOTE_MAX) });
export type PersonaInput = z.input<typeof personaInput>;

/** GET /api/operator/fictional.php (admin, chat): the company's fictional profiles, optionally of one site, by name. */
export const fictionalListQuery = z.object({ site: z.string().max(60).optional() });
/** GET /api/operator/fictional-profile.php?id= (admin, chat) */
export const fictionalProfileQuery = z.object({ id: z.coerce.number().int().positive() });
/** DELETE /api/operator/fictional-photo.php (admin) */
export const fictionalPhotoInput = z.strictObject({ id: z.string().uuid() });

export type FictionalPhoto = { id: string; thumb: string; image: string; main: boolean; width: number; height: number };
/** One fictional profile in the list. */
export type FictionalCard = {
  id: number;
  name: string;
  site: string;
  niche: number;
  gender: 'male' | 'female';
  age: number;
  city: string | null;
  photo: string | null;
  photo_count: number;
};
export type FictionalListAnswer = {
  profiles: FictionalCard[];
  sites: { slug: string; name: string; niche: number; countries: string[] }[];
};
/** A fictional profile in full, as the editor shows it. */
export type FictionalProfile = {
  id: number;
  site: string;
  niche: number;
  name: string;
  gender: 'male' | 'female';
  date_of_birth: string;
  age: number;
  country: string;
  region: string | null;
  city: string | null;
  sexuality: string | null;
  about_me: string | null;
  hair_colour: string | null;
  eye_colour: string | null;
  body_type: string | null;
  relationship_status: string | null;
  tattoos: string | null;
  signup_reason: string | null;
  interests: string[];
  photos: FictionalPhoto[];
  persona_note: string;
  persona_updated_at: string | null;
};
export type FictionalProfileAnswer = { profile: FictionalProfile };
