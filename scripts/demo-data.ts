// Generated demo members and photos: deterministic (seeded), so seeding twice yields the same rows.
import { createHash } from 'node:crypto';
import { tenantFiles } from '../tenants';
import type { TenantFile } from '../tenants/schema';
import { wantedGender } from '../worker/contracts/niches';
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

/** First names by the site's language, so a member reads as one of the site's own. */
const NAMES: Record<string, { female: string[]; male: string[] }> = {
  nl: {
    female: [
      'Sanne',
      'Lotte',
      'Femke',
      'Emma',
      'Julia',
      'Sophie',
      'Anouk',
      'Lisa',
      'Eva',
      'Iris',
      'Noor',
      'Fleur',
      'Mila',
      'Tess',
      'Roos',
      'Ans',
      'Ria',
      'Monique',
      'Ingrid',
      'Marieke',
      'Joke',
      'Wilma',
      'Esther',
      'Carla',
    ],
    male: [
      'Daan',
      'Sem',
      'Lucas',
      'Thijs',
      'Bram',
      'Jesse',
      'Ruben',
      'Tim',
      'Henk',
      'Gerard',
      'Jan',
      'Kees',
      'Tom',
      'Joost',
      'Pieter',
      'Maarten',
      'Wim',
      'Rob',
      'Erik',
      'Sander',
      'Mark',
      'Niels',
    ],
  },
  en: {
    female: [
      'Chloe',
      'Amy',
      'Grace',
      'Ella',
      'Hannah',
      'Sophie',
      'Emily',
      'Olivia',
      'Lucy',
      'Megan',
      'Aoife',
      'Niamh',
      'Charlotte',
      'Holly',
    ],
    male: ['Jack', 'Liam', 'Noah', 'Harry', 'Oliver', 'James', 'Conor', 'Sean', 'Tom', 'Dan', 'George', 'Ryan'],
  },
  de: {
    female: ['Lena', 'Marie', 'Katrin', 'Petra', 'Anna', 'Julia', 'Sabine', 'Laura', 'Lea', 'Sophie', 'Nina', 'Claudia', 'Miriam', 'Jana'],
    male: ['Felix', 'Jonas', 'Max', 'Paul', 'Lukas', 'Tobias', 'Stefan', 'Florian', 'Markus', 'Thomas', 'Sebastian', 'Jan'],
  },
  fr: {
    female: [
      'Camille',
      'Léa',
      'Manon',
      'Chloé',
      'Julie',
      'Sarah',
      'Émilie',
      'Inès',
      'Claire',
      'Céline',
      'Nathalie',
      'Sophie',
      'Aurélie',
      'Margaux',
    ],
    male: ['Lucas', 'Hugo', 'Louis', 'Julien', 'Thomas', 'Nicolas', 'Antoine', 'Maxime', 'Pierre', 'Romain', 'Mathieu', 'Olivier'],
  },
  it: {
    female: ['Giulia', 'Chiara', 'Francesca', 'Sara', 'Martina', 'Elena', 'Valentina', 'Alessia', 'Federica', 'Silvia', 'Laura', 'Paola'],
    male: ['Marco', 'Luca', 'Alessandro', 'Matteo', 'Andrea', 'Davide', 'Giorgio', 'Lorenzo', 'Simone', 'Roberto', 'Fabio', 'Stefano'],
  },
  es: {
    female: ['Lucía', 'María', 'Paula', 'Laura', 'Carmen', 'Marta', 'Sara', 'Elena', 'Andrea', 'Cristina', 'Alba', 'Nuria'],
    male: ['Javier', 'Pablo', 'Alejandro', 'Daniel', 'Carlos', 'David', 'Sergio', 'Jorge', 'Adrián', 'Manuel', 'Raúl', 'Diego'],
  },
  pl: {
    female: [
      'Anna',
      'Katarzyna',
      'Magdalena',
      'Agnieszka',
      'Zofia',
      'Julia',
      'Aleksandra',
      'Natalia',
      'Joanna',
      'Monika',
      'Ewa',
      'Karolina',
    ],
    male: ['Piotr', 'Krzysztof', 'Tomasz', 'Paweł', 'Michał', 'Jakub', 'Marcin', 'Kamil', 'Łukasz', 'Adam', 'Bartosz', 'Mateusz'],
  },
  da: {
    female: ['Emma', 'Ida', 'Freja', 'Sofie', 'Mette', 'Camilla', 'Line', 'Maria', 'Louise', 'Anne', 'Julie', 'Signe'],
    male: ['Mads', 'Frederik', 'Rasmus', 'Mikkel', 'Kasper', 'Jonas', 'Søren', 'Anders', 'Christian', 'Lars', 'Jesper', 'Emil'],
  },
  sv: {
    female: ['Elin', 'Emma', 'Sara', 'Ida', 'Linnéa', 'Johanna', 'Maja', 'Frida', 'Karin', 'Anna', 'Hanna', 'Malin'],
    male: ['Erik', 'Johan', 'Oskar', 'Lucas', 'Anders', 'Fredrik', 'Magnus', 'Viktor', 'Gustav', 'Per', 'Henrik', 'Jonas'],
  },
  fi: {
    female: ['Aino', 'Emilia', 'Sofia', 'Laura', 'Johanna', 'Anna', 'Elina', 'Sanna', 'Noora', 'Heidi', 'Katja', 'Riikka'],
    male: ['Mikko', 'Juha', 'Antti', 'Jussi', 'Ville', 'Matti', 'Eero', 'Lauri', 'Janne', 'Teemu', 'Sami', 'Petri'],
  },
  nb: {
    female: ['Nora', 'Ingrid', 'Emma', 'Sara', 'Ida', 'Kari', 'Hanne', 'Silje', 'Marte', 'Thea', 'Kristin', 'Maren'],
    male: ['Ola', 'Jonas', 'Magnus', 'Henrik', 'Sindre', 'Eirik', 'Håkon', 'Kristian', 'Lars', 'Anders', 'Espen', 'Even'],
  },
};
/**
 * More first names of the gender a site's visitors look for, so that each site's public faces
 * (demoPublicFaces) have PUBLIC_FACES_PER_SITE names of their own with NAMES (kept apart: the
 * generated members' names stay as they were).
 */
const MORE_NAMES: Record<string, Partial<Record<'female' | 'male', string[]>>> = {
  nl: { female: ['Marloes', 'Annemiek', 'Yvonne', 'Linda', 'Petra', 'Saskia'], male: ['Bas', 'Koen', 'Jeroen', 'Ronald', 'Frank', 'Hans'] },
  en: { female: ['Jessica', 'Sarah', 'Laura', 'Rachel', 'Zoe', 'Katie', 'Rebecca', 'Amelia', 'Isla', 'Freya'] },
  de: { female: ['Anja', 'Stefanie', 'Melanie', 'Nicole', 'Franziska', 'Katharina', 'Hannah', 'Carina', 'Tanja', 'Bettina'] },
  fr: { female: ['Élodie', 'Pauline', 'Lucie', 'Océane', 'Mathilde', 'Juliette', 'Charlotte', 'Anaïs', 'Laetitia', 'Sandrine'] },
  it: { female: ['Sofia', 'Giorgia', 'Anna', 'Alice', 'Beatrice', 'Marta', 'Ilaria', 'Roberta', 'Serena', 'Daniela', 'Monica', 'Claudia'] },
  es: { female: ['Sofía', 'Irene', 'Raquel', 'Beatriz', 'Patricia', 'Rocío', 'Natalia', 'Silvia', 'Claudia', 'Pilar', 'Noelia', 'Ainhoa'] },
  pl: {
    female: ['Maja', 'Weronika', 'Dorota', 'Beata', 'Małgorzata', 'Paulina', 'Justyna', 'Kinga', 'Marta', 'Barbara', 'Iwona', 'Sylwia'],
  },
  da: { female: ['Maja', 'Caroline', 'Nanna', 'Cecilie', 'Pernille', 'Trine', 'Helle', 'Susanne', 'Lærke', 'Astrid', 'Katrine', 'Rikke'] },
  sv: { female: ['Alva', 'Wilma', 'Ebba', 'Klara', 'Moa', 'Matilda', 'Lisa', 'Jenny', 'Sofia', 'Ulrika', 'Camilla', 'Therese'] },
  fi: { female: ['Ella', 'Venla', 'Iida', 'Hanna', 'Tiina', 'Minna', 'Päivi', 'Jenni', 'Satu', 'Maria', 'Outi', 'Kaisa'] },
  nb: { female: ['Sofie', 'Maria', 'Julie', 'Tuva', 'Ane', 'Hedda', 'Mari', 'Camilla', 'Line', 'Eline', 'Tone', 'Randi'] },
};
const CITIES: Record<string, [string, string][]> = {
  NL: [
    ['NL-NH', 'Amsterdam'],
    ['NL-ZH', 'Rotterdam'],
    ['NL-UT', 'Utrecht'],
    ['NL-NB', 'Eindhoven'],
    ['NL-GR', 'Groningen'],
    ['NL-GE', 'Arnhem'],
    ['NL-LI', 'Maastricht'],
    ['NL-OV', 'Zwolle'],
    ['NL-FR', 'Leeuwarden'],
    ['NL-ZE', 'Middelburg'],
  ],
  BE: [
    ['BE-VLG', 'Antwerpen'],
    ['BE-VLG', 'Gent'],
    ['BE-BRU', 'Brussel'],
    ['BE-WAL', 'Luik'],
  ],
  GB: [
    ['GB-MAN', 'Manchester'],
    ['GB-LND', 'London'],
    ['GB-BIR', 'Birmingham'],
  ],
  IE: [
    ['IE-D', 'Dublin'],
    ['IE-CO', 'Cork'],
  ],
  DE: [
    ['DE-BE', 'Berlin'],
    ['DE-BY', 'München'],
    ['DE-HH', 'Hamburg'],
    ['DE-NW', 'Köln'],
  ],
  AT: [
    ['AT-9', 'Wien'],
    ['AT-6', 'Graz'],
  ],
  CH: [
    ['CH-ZH', 'Zürich'],
    ['CH-BE', 'Bern'],
  ],
  FR: [
    ['FR-IDF', 'Paris'],
    ['FR-ARA', 'Lyon'],
    ['FR-PAC', 'Marseille'],
    ['FR-OCC', 'Toulouse'],
    ['FR-NAQ', 'Bordeaux'],
    ['FR-HDF', 'Lille'],
  ],
  IT: [
    ['IT-25', 'Milano'],
    ['IT-62', 'Roma'],
    ['IT-72', 'Napoli'],
    ['IT-21', 'Torino'],
    ['IT-52', 'Firenze'],
    ['IT-45', 'Bologna'],
  ],
  ES: [
    ['ES-M', 'Madrid'],
    ['ES-B', 'Barcelona'],
    ['ES-V', 'Valencia'],
    ['ES-SE', 'Sevilla'],
    ['ES-MA', 'Málaga'],
    ['ES-BI', 'Bilbao'],
  ],
  PL: [
    ['PL-14', 'Warszawa'],
    ['PL-12', 'Kraków'],
    ['PL-10', 'Łódź'],
    ['PL-02', 'Wrocław'],
    ['PL-30', 'Poznań'],
    ['PL-22', 'Gdańsk'],
  ],
  DK: [
    ['DK-84', 'København'],
    ['DK-82', 'Aarhus'],
    ['DK-83', 'Odense'],
    ['DK-81', 'Aalborg'],
  ],
  SE: [
    ['SE-AB', 'Stockholm'],
    ['SE-O', 'Göteborg'],
    ['SE-M', 'Malmö'],
    ['SE-C', 'Uppsala'],
  ],
  FI: [
    ['FI-18', 'Helsinki'],
    ['FI-11', 'Tampere'],
    ['FI-19', 'Turku'],
    ['FI-14', 'Oulu'],
  ],
  NO: [
    ['NO-03', 'Oslo'],
    ['NO-46', 'Bergen'],
    ['NO-50', 'Trondheim'],
    ['NO-11', 'Stavanger'],
  ],
};
/**
 * "About me" in the site's language: an opening that fits the niche (the Dutch niche sites) or
 * the main audience, then a line about everyday life.
 */
const ABOUT_OPENING: Record<string, Record<number, string[]>> = {
  nl: {
    1: [
      'Spontaan, nieuwsgierig en altijd in voor iets nieuws.',
      'Gewoon een nuchtere meid die best wat spanning kan gebruiken.',
      'Op zoek naar een klik, de rest zien we dan wel.',
      'Na een lange werkweek toe aan iemand om mee te lachen.',
    ],
    2: [
      'Ik weet wat ik wil en ik hou van duidelijke afspraken.',
      'Dominant in de slaapkamer, lief daarbuiten.',
      'Nieuwsgierig naar bondage en rollenspel, altijd met respect.',
      'Vertrouwen eerst, dan mogen de touwen tevoorschijn komen.',
    ],
    3: [
      'Volslank en trots op elke ronding.',
      'Lekker in mijn vel en op zoek naar iemand die dat waardeert.',
      'Ik kook graag uitgebreid en eet het net zo graag samen op.',
      'Een vrouw met een vol figuur en een nog voller hart.',
    ],
    4: [
      'Kleinkinderen de deur uit, tijd voor mezelf.',
      'Weduwe sinds een paar jaar en klaar voor een nieuw hoofdstuk.',
      'Op mijn leeftijd weet je wat je wilt, en ik wil gezelligheid.',
      'Jong van geest, graag op pad met de caravan.',
    ],
    5: [
      'De kinderen zijn groot, nu ben ik aan de beurt.',
      'Ervaren, zelfverzekerd en in voor een avontuurtje.',
      'Werkende moeder met weinig tijd, maar als ik tijd heb, dan goed.',
      'Ik weet wat ik wil en zoek een man die dat kan waarderen.',
    ],
    6: [
      'Gepensioneerd en fitter dan ooit.',
      'Een heer van de oude stempel: deuren openhouden doe ik nog steeds.',
      'Veel gereisd, veel gezien, nu op zoek naar iemand om het mee te delen.',
      'Zestiger met humor en een goede wijnkelder.',
    ],
    7: [
      'Man zoekt man, voor een drankje of meer.',
      'Uit de kast en trots, op zoek naar iemand met humor.',
      'Sportief type dat houdt van een goed gesprek na de sportschool.',
      'Rustige jongen die graag de stad in gaat met de juiste man.',
    ],
  },
  en: {
    1: [
      'Love a good laugh, a glass of wine and a bit of adventure.',
      'Down to earth, a little cheeky, always up for something new.',
      'Looking for a spark; we can work out the rest later.',
      'New to this, so be nice and say hello!',
    ],
  },
  de: {
    1: [
      'Ich mag gutes Essen, Reisen und ehrliche Menschen.',
      'Spontan, neugierig und immer für etwas Neues zu haben.',
      'Auf der Suche nach einem Funken, der Rest ergibt sich.',
      'Nach einer langen Woche freue ich mich auf nette Gesellschaft.',
    ],
    2: [
      'Ich weiß, was ich will, und mag klare Absprachen.',
      'Neugierig auf Fesselspiele und Rollenspiele, immer mit Respekt.',
      'Erst Vertrauen, dann kommen die Seile ins Spiel.',
    ],
  },
  fr: {
    1: [
      'Spontanée, curieuse et toujours partante pour une nouvelle aventure.',
      'Je cherche une étincelle, le reste viendra tout seul.',
      'Après une longue semaine, envie de rire avec quelqu’un.',
    ],
  },
  it: {
    1: [
      'Spontanea, curiosa e sempre pronta a qualcosa di nuovo.',
      'Cerco una scintilla, il resto verrà da sé.',
      'Dopo una lunga settimana ho voglia di ridere con qualcuno.',
    ],
  },
  es: {
    1: [
      'Espontánea, curiosa y siempre con ganas de algo nuevo.',
      'Busco una chispa; lo demás ya se verá.',
      'Después de una semana larga me apetece reír con alguien.',
    ],
  },
  pl: {
    1: [
      'Spontaniczna, ciekawa świata i zawsze otwarta na coś nowego.',
      'Szukam iskry, reszta przyjdzie sama.',
      'Po długim tygodniu mam ochotę pośmiać się z kimś miłym.',
    ],
  },
  da: {
    1: [
      'Spontan, nysgerrig og altid klar på noget nyt.',
      'Jeg leder efter en gnist, resten finder vi ud af.',
      'Efter en lang uge har jeg lyst til at grine med nogen.',
    ],
  },
  sv: {
    1: [
      'Spontan, nyfiken och alltid sugen på något nytt.',
      'Jag letar efter en gnista, resten löser sig.',
      'Efter en lång vecka vill jag skratta med någon.',
    ],
  },
  fi: {
    1: [
      'Spontaani, utelias ja aina valmis uuteen.',
      'Etsin kipinää, loppu selviää kyllä.',
      'Pitkän viikon jälkeen haluan nauraa jonkun kanssa.',
    ],
  },
  nb: {
    1: [
      'Spontan, nysgjerrig og alltid klar for noe nytt.',
      'Jeg ser etter en gnist, resten ordner seg.',
      'Etter en lang uke har jeg lyst til å le sammen med noen.',
    ],
  },
};
/** The men of the women's niches (1 to 5) write as men looking for women. */
const ABOUT_MEN: Record<string, string[]> = {
  nl: [
    'Nuchtere vent met een zachte kant.',
    'Sportief, eerlijk en op zoek naar een leuke vrouw.',
    'Goede kok, slechte danser, prima gezelschap.',
    'Ik neem je graag mee uit eten, de rest zien we dan.',
  ],
  en: ['Easy-going guy looking for someone to share a laugh with.', 'Good cook, bad dancer, great company.'],
  de: ['Bodenständiger Typ mit weichem Kern.', 'Guter Koch, schlechter Tänzer, angenehme Gesellschaft.'],
  fr: ['Un gars simple avec un cœur tendre.', 'Bon cuisinier, mauvais danseur, agréable compagnie.'],
  it: ['Ragazzo semplice con un lato dolce.', 'Bravo cuoco, pessimo ballerino, ottima compagnia.'],
  es: ['Chico sencillo con un lado tierno.', 'Buen cocinero, mal bailarín, gran compañía.'],
  pl: ['Zwyczajny facet z miękkim sercem.', 'Dobry kucharz, kiepski tancerz, świetne towarzystwo.'],
  da: ['Jordnær fyr med en blød side.', 'God kok, dårlig danser, godt selskab.'],
  sv: ['Jordnära kille med en mjuk sida.', 'Bra kock, dålig dansare, trevligt sällskap.'],
  fi: ['Maanläheinen mies, jolla on pehmeä puoli.', 'Hyvä kokki, huono tanssija, mukavaa seuraa.'],
  nb: ['Jordnær fyr med en myk side.', 'God kokk, dårlig danser, hyggelig selskap.'],
};
const ABOUT_DAILY: Record<string, string[]> = {
  nl: [
    'In het weekend fiets ik graag langs de duinen.',
    'Ik hou van lange wandelingen, goede wijn en eerlijke gesprekken.',
    'Zondag is voor uitslapen en een terrasje pakken.',
    'Werk in de zorg, dus ik weet wat aandacht geven is.',
    'Geen spelletjes, gewoon eerlijk zijn.',
    'Stuur gerust een berichtje, ik bijt niet (meestal).',
  ],
  en: [
    'Weekends are for long walks and Sunday roasts.',
    'I work in marketing and love a good pub quiz.',
    'No games, just honesty.',
    "Message me, I don't bite (usually).",
  ],
  de: [
    'Am Wochenende bin ich gern in den Bergen.',
    'Ich arbeite in der Pflege und weiß, was Aufmerksamkeit heißt.',
    'Keine Spielchen, einfach ehrlich sein.',
    'Schreib mir ruhig, ich beiße nicht (meistens).',
  ],
  fr: [
    'Le week-end, j’aime les longues balades et les terrasses.',
    'Pas de jeux, juste de la sincérité.',
    'Écris-moi, je ne mords pas (enfin, presque).',
  ],
  it: ['Nel weekend amo le passeggiate e un buon aperitivo.', 'Niente giochetti, solo sincerità.', 'Scrivimi, non mordo (quasi mai).'],
  es: [
    'Los fines de semana me encanta pasear y tomar algo en una terraza.',
    'Nada de juegos, solo sinceridad.',
    'Escríbeme, no muerdo (casi nunca).',
  ],
  pl: ['W weekendy lubię długie spacery i dobrą kawę.', 'Bez gierek, po prostu szczerze.', 'Napisz do mnie, nie gryzę (prawie nigdy).'],
  da: ['I weekenden elsker jeg lange gåture og god mad.', 'Ingen spil, bare ærlighed.', 'Skriv endelig, jeg bider ikke (som regel).'],
  sv: ['På helgerna gillar jag långa promenader och god mat.', 'Inga spel, bara ärlighet.', 'Skriv gärna, jag bits inte (oftast).'],
  fi: [
    'Viikonloppuisin tykkään pitkistä kävelyistä ja hyvästä ruoasta.',
    'Ei pelejä, vain rehellisyyttä.',
    'Kirjoita rohkeasti, en pure (yleensä).',
  ],
  nb: ['I helgene liker jeg lange turer og god mat.', 'Ingen spill, bare ærlighet.', 'Skriv gjerne, jeg biter ikke (som regel).'],
};
const TAGS = [
  'adventure',
  'beach',
  'cooking',
  'dancing',
  'hiking',
  'kissing',
  'massages',
  'movies',
  'music',
  'party',
  'travelling',
  'wine',
];

export type DemoMember = {
  id: number;
  companyId: number;
  site: string;
  niche: number;
  name: string;
  gender: 'male' | 'female';
  birthDate: string;
  country: string;
  region: string;
  city: string;
  fictional: boolean;
  /** When the member allowed public pages (decision 186); null: not allowed (or fictional). */
  publicConsentAt: string | null;
  createdAt: string;
  sexuality: 'hetero' | 'gay' | 'lesbian' | 'bi';
  interests: string[];
  hairColour: string;
  eyeColour: string;
  bodyType: string;
  relationshipStatus: string;
  tattoos: string;
  aboutMe: string;
  photoIds: string[];
};

const pick = <T>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)]!;
/** A UUID-shaped id derived from a string, stable across runs. */
export const stableUuid = (s: string) => {
  const h = createHash('sha256').update(s).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
};

/** Where a member of this site lives: one of the site's countries (`home`: its first, the visitors' default), a city there. */
function place(r: () => number, site: TenantFile, home = false) {
  const countries = (site.settings?.countries ?? ['NL']).filter((c) => CITIES[c]);
  const country = home ? (countries[0] ?? 'NL') : pick(r, countries.length ? countries : ['NL']);
  const [region, city] = pick(r, CITIES[country]!);
  return { country, region, city };
}

/** A birth date that fits the niche (the older niches older), relative to the demo's today. */
function birthDate(r: () => number, niche: number, now: number) {
  const minAge = niche === 4 ? 58 : niche === 5 ? 35 : niche === 6 ? 55 : 19;
  const maxAge = niche === 4 ? 75 : niche === 5 ? 52 : niche === 6 ? 72 : 45;
  const age = minAge + Math.floor(r() * (maxAge - minAge));
  return new Date(now - (age * 365.25 + r() * 300) * 86400_000).toISOString().slice(0, 10);
}

/** A member's profile fields and photo ids (1 to `most`), in the site's language and niche. */
function profile(r: () => number, site: TenantFile, gender: 'male' | 'female', id: number, photos: boolean, most = 3) {
  const { niche, default_locale: language } = site;
  const byNiche = ABOUT_OPENING[language] ?? ABOUT_OPENING.nl!;
  const openings = gender === 'male' && niche <= 5 ? (ABOUT_MEN[language] ?? ABOUT_MEN.nl!) : (byNiche[niche] ?? byNiche[1]!);
  return {
    interests: [...(niche === 2 ? ['bondage', 'sadomasochism'] : []), ...TAGS.filter(() => r() < 0.25)].slice(0, 6),
    hairColour: pick(r, PROFILE_CHOICES.hair_colour),
    eyeColour: pick(r, PROFILE_CHOICES.eye_colour),
    bodyType: niche === 3 ? pick(r, ['curvy', 'plus']) : pick(r, PROFILE_CHOICES.body_type),
    relationshipStatus: pick(r, PROFILE_CHOICES.relationship_status),
    tattoos: pick(r, PROFILE_CHOICES.tattoos),
    aboutMe: `${pick(r, openings)} ${pick(r, ABOUT_DAILY[language] ?? ABOUT_DAILY.nl!)}`,
    photoIds: photos ? Array.from({ length: 1 + Math.floor(r() * most) }, (_, k) => stableUuid(`demo-${id}-${k}`)) : [],
  };
}

/** The demo's today: the generated members joined in the 200 days before it. */
const DEMO_NOW = Date.UTC(2026, 10, 1);

/** `count` members spread over the shipped sites (the main site three times as many as any other), ids from `firstId`, born to fit each niche. */
export function demoMembers(count: number, firstId: number, seed = 1, photos = true): DemoMember[] {
  const r = prng(seed);
  // the main Dutch site is the big one: it gets three turns in the rotation, every other site one
  const sites = (Object.values(tenantFiles) as TenantFile[]).flatMap((t) => (t.niche === 1 && t.default_locale === 'nl' ? [t, t, t] : [t]));
  const out: DemoMember[] = [];
  for (let i = 0; i < count; i++) {
    const site = sites[i % sites.length]!;
    const niche = site.niche;
    const gender = niche === 6 || niche === 7 ? 'male' : r() < 0.85 ? 'female' : 'male';
    const { country, region, city } = place(r, site);
    const birth = birthDate(r, niche, DEMO_NOW);
    const id = firstId + i;
    const names = NAMES[site.default_locale] ?? NAMES.nl!;
    // the gay site's members are gay; elsewhere mostly straight, a few bi
    const sexuality = niche === 7 ? 'gay' : r() < 0.1 ? 'bi' : 'hetero';
    out.push({
      id,
      companyId: site.company_id,
      site: site.slug,
      niche,
      gender,
      sexuality,
      name: pick(r, gender === 'female' ? names.female : names.male),
      birthDate: birth,
      country,
      region,
      city,
      fictional: r() < 0.3,
      publicConsentAt: null,
      createdAt: new Date(DEMO_NOW - r() * 200 * 86400_000).toISOString(),
      ...profile(r, site, gender, id, photos),
    });
  }
  return out;
}

/** How many public faces each site gets (demoPublicFaces): above a lander's 20 (LANDER_PROFILES), each a first name of its own. */
export const PUBLIC_FACES_PER_SITE = 24;

/**
 * The people every site's public pages show (docs/decisions/195-demo-public-faces.md): per site
 * PUBLIC_FACES_PER_SITE members of the gender its visitors look for (`wantedGender(niche, null)`),
 * each with a first name of the site's language no other of them has, in the site's first country
 * (a visitor's default), with 1200×1600 photos: two in three fictional (labelled as such by the
 * pages), the others members who allowed public pages (`public_consent_at`). They joined before
 * the generated members (February and March of the demo's year), so the newest-first search opens
 * as before. Ids from `firstId`, one block of PUBLIC_FACES_PER_SITE per site in the tenant files' order.
 */
export function demoPublicFaces(firstId: number, seed = 2, photos = true): DemoMember[] {
  const r = prng(seed);
  const out: DemoMember[] = [];
  (Object.values(tenantFiles) as TenantFile[]).forEach((site, s) => {
    const gender = wantedGender(site.niche, null) ?? 'female';
    const language = site.default_locale;
    const all = [...new Set([...(NAMES[language] ?? NAMES.nl!)[gender], ...(MORE_NAMES[language]?.[gender] ?? [])])];
    if (all.length < PUBLIC_FACES_PER_SITE)
      throw new Error(`demo data: ${language} has ${all.length} ${gender} first names, fewer than ${PUBLIC_FACES_PER_SITE}`);
    // the Dutch women's sites share a list: each starts at another name
    const names = [...all.slice((s * 5) % all.length), ...all.slice(0, (s * 5) % all.length)];
    for (let k = 0; k < PUBLIC_FACES_PER_SITE; k++) {
      const id = firstId + s * PUBLIC_FACES_PER_SITE + k;
      const { country, region, city } = place(r, site, true);
      const birth = birthDate(r, site.niche, DEMO_NOW);
      const createdAt = new Date(Date.UTC(2026, 1, 1) + r() * 58 * 86400_000).toISOString();
      const fictional = k % 3 !== 2;
      out.push({
        id,
        companyId: site.company_id,
        site: site.slug,
        niche: site.niche,
        gender,
        sexuality: site.niche === 7 ? 'gay' : 'hetero',
        name: names[k]!,
        birthDate: birth,
        country,
        region,
        city,
        fictional,
        // a member who allowed it a day after joining
        publicConsentAt: fictional ? null : new Date(Date.parse(createdAt) + 86400_000).toISOString(),
        createdAt,
        // one photo each: the generated members have several (the photo viewer's and locked photos' specs), and every
        // photo is two files the seed stores
        ...profile(r, site, gender, id, photos, 1),
      });
    }
  });
  return out;
}
