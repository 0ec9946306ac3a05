// Generated demo members and photos: deterministic (seeded), so seeding twice yields the same rows.
import { createHash } from 'node:crypto';
import { tenantFiles } from '../tenants';
import type { TenantFile } from '../tenants/schema';
import { PROFILE_CHOICES } from '../worker/contracts/profiles';

/** mulberry32: a small, good-enough PRNG for demo data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FEMALE = ['Sanne', 'Lotte', 'Femke', 'Emma', 'Julia', 'Sophie', 'Anouk', 'Lisa', 'Eva', 'Iris', 'Noor', 'Fleur', 'Mila', 'Tess', 'Roos', 'Chloe', 'Amy', 'Lena', 'Hannah', 'Marie', 'Grace', 'Ella', 'Katrin', 'Petra', 'Ans', 'Ria', 'Monique', 'Ingrid'];
const MALE = ['Daan', 'Sem', 'Lucas', 'Thijs', 'Bram', 'Jesse', 'Ruben', 'Tim', 'Henk', 'Gerard', 'Jan', 'Kees', 'Tom', 'Jack', 'Liam', 'Noah', 'Felix', 'Jonas', 'Max', 'Paul'];
const CITIES: Record<string, [string, string][]> = {
  NL: [['NL-NH', 'Amsterdam'], ['NL-ZH', 'Rotterdam'], ['NL-UT', 'Utrecht'], ['NL-NB', 'Eindhoven'], ['NL-GR', 'Groningen'], ['NL-GE', 'Arnhem'], ['NL-LI', 'Maastricht'], ['NL-OV', 'Zwolle'], ['NL-FR', 'Leeuwarden'], ['NL-ZE', 'Middelburg']],
  BE: [['BE-VLG', 'Antwerpen'], ['BE-VLG', 'Gent'], ['BE-BRU', 'Brussel'], ['BE-WAL', 'Luik']],
  GB: [['GB-MAN', 'Manchester'], ['GB-LND', 'London'], ['GB-BIR', 'Birmingham']],
  IE: [['IE-D', 'Dublin'], ['IE-CO', 'Cork']],
  DE: [['DE-BE', 'Berlin'], ['DE-BY', 'München'], ['DE-HH', 'Hamburg'], ['DE-NW', 'Köln']],
  AT: [['AT-9', 'Wien'], ['AT-6', 'Graz']],
  CH: [['CH-ZH', 'Zürich'], ['CH-BE', 'Bern']],
};
const ABOUT = [
  'Spontaan, nieuwsgierig en altijd in voor iets nieuws.',
  'Ik hou van lange wandelingen, goede wijn en eerlijke gesprekken.',
  'Op zoek naar spanning en een klik.',
  'Love a good laugh, a glass of wine and a bit of adventure.',
  'Ich mag gutes Essen, Reisen und ehrliche Menschen.',
];
const TAGS = ['adventure', 'beach', 'cooking', 'dancing', 'hiking', 'kissing', 'massages', 'movies', 'music', 'party', 'travelling', 'wine'];

export type DemoMember = {
  id: number; companyId: number; site: string; niche: number; name: string; gender: 'male' | 'female';
  birthDate: string; country: string; region: string; city: string; fictional: boolean; createdAt: string;
  interests: string[]; hairColour: string; eyeColour: string; bodyType: string; relationshipStatus: string; tattoos: string; aboutMe: string;
  photoIds: string[];
};

const pick = <T>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)]!;
/** A UUID-shaped id derived from a string, stable across runs. */
export const stableUuid = (s: string) => {
  const h = createHash('sha256').update(s).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

/** `count` members spread over the shipped sites, ids from `firstId`, born to fit each niche. */
export function demoMembers(count: number, firstId: number, seed = 1, photos = true): DemoMember[] {
  const r = prng(seed);
  const sites = Object.values(tenantFiles) as TenantFile[];
  const out: DemoMember[] = [];
  const now = Date.UTC(2026, 10, 1);
  for (let i = 0; i < count; i++) {
    const site = sites[i % sites.length]!;
    const niche = site.niche;
    const gender = niche === 6 || niche === 7 ? 'male' : r() < 0.85 ? 'female' : 'male';
    const countries = (site.settings?.countries ?? ['NL']).filter((c) => CITIES[c]);
    const country = pick(r, countries.length ? countries : ['NL']);
    const [region, city] = pick(r, CITIES[country]!);
    const minAge = niche === 4 ? 58 : niche === 5 ? 35 : niche === 6 ? 55 : 19;
    const maxAge = niche === 4 ? 75 : niche === 5 ? 52 : niche === 6 ? 72 : 45;
    const age = minAge + Math.floor(r() * (maxAge - minAge));
    const birth = new Date(now - (age * 365.25 + r() * 300) * 86400_000).toISOString().slice(0, 10);
    const id = firstId + i;
    out.push({
      id, companyId: site.company_id, site: site.slug, niche, gender,
      name: pick(r, gender === 'female' ? FEMALE : MALE), birthDate: birth, country, region, city,
      fictional: r() < 0.3, createdAt: new Date(now - r() * 200 * 86400_000).toISOString(),
      interests: TAGS.filter(() => r() < 0.25).slice(0, 6),
      hairColour: pick(r, PROFILE_CHOICES.hair_colour), eyeColour: pick(r, PROFILE_CHOICES.eye_colour),
      bodyType: pick(r, PROFILE_CHOICES.body_type), relationshipStatus: pick(r, PROFILE_CHOICES.relationship_status),
      tattoos: pick(r, PROFILE_CHOICES.tattoos), aboutMe: pick(r, ABOUT),
      photoIds: photos ? Array.from({ length: 1 + Math.floor(r() * 3) }, (_, k) => stableUuid(`demo-${id}-${k}`)) : [],
    });
  }
  return out;
}

